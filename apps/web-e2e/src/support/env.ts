/** The e2e server's port and the demo password it seeds; fixed so tests and server agree. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3311);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DEMO_PASSWORD = 'e2e-demo-password';
