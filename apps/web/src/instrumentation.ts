/**
 * Runs once when the Next.js server starts: checks the configuration, opens and migrates the database
 * (seeding the embedded one on first start) and refuses to start, with a clear message, when it cannot.
 */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] !== 'nodejs') return;
  const { startServer } = await import('./server/app/server-context');
  try {
    await startServer();
  } catch (error) {
    console.error(`\nViewas cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
