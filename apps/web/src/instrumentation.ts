/**
 * Runs once when the Next.js server starts: checks the configuration, opens and migrates the database
 * (demo accounts only when asked with DEMO_SEED; an empty deployment gets a one-time setup link) and refuses to start, with a clear message, when it cannot.
 */
export async function register(): Promise<void> {
  // Written exactly so, Next.js resolves this at build time and leaves the Node.js code out of the Edge bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServerOrExit } = await import('./server/app/server-context');
    await startServerOrExit();
  }
}
