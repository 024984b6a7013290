// The app's own write (a stand-in for anything a user can change). It knows nothing of impersonation:
// proxy.js refuses it during a read-only view.
export const dynamic = 'force-dynamic';

export async function POST() {
  return Response.json({ saved: true });
}
