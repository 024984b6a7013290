import adminApiPackage from '@viewas/admin-api/package.json';

/** The OpenAPI document's `info`: the API is versioned with the package that holds its contracts. */
export const API_REFERENCE_INFO = {
  title: 'Viewas admin and account API',
  version: adminApiPackage.version,
  description:
    'JSON over HTTPS under `/api/admin` (staff) and `/api/account` (the signed-in user). Every call needs a session cookie; state-changing calls must come ' +
    "from the app's own origin. Every failure answers `{ success: false, error: { code, message } }` with a fitting status, never a stack trace.",
};
