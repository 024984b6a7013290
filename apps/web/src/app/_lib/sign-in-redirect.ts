/** next-auth's sign-in page, saying a session is required and where to come back to (`error=SessionRequired`, `callbackUrl`). */
export function signInRedirectPath(callbackPath: string): string {
  return `/api/auth/signin?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: callbackPath })}`;
}
