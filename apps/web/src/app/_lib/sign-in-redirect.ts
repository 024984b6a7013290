/** next-auth's sign-in page, saying a session is required and where to come back to (`error=SessionRequired`, `callbackUrl`). */
export function signInRedirectPath(callbackPath: string): string {
  return `/api/auth/signin?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: callbackPath })}`;
}

/** The sign-in page's `error` code after a password change (the page then says so). */
export const PASSWORD_CHANGED_CODE = 'PasswordChanged';

/** Where a browser goes once its password was changed: every session has ended, this one included. */
export function passwordChangedSignInPath(callbackPath: string): string {
  return `/api/auth/signin?${new URLSearchParams({ error: PASSWORD_CHANGED_CODE, callbackUrl: callbackPath })}`;
}
