// An Auth.js v5 host's side of impersonation (`next-auth@5` or `@auth/core`): `viewasAuthJs`, everything on one
// PostgreSQL database in one call, and the pieces it puts together: the credentials providers,
// the JWT session config, the session codec (Auth.js's own token format) and the cookie names. The cookie
// reading, the sign-in attempts and the claim rules are the same code as the next-auth v4 adapter's.
export { viewasAuthJs, type ViewasAuthJs, type ViewasAuthJsOptions } from './lib/authjs/viewas-authjs';
export { createAuthJsImpersonation, type AuthJsImpersonation, type AuthJsImpersonationOptions } from './lib/authjs/authjs-impersonation';
export {
  createAuthJsImpersonationProviders,
  AuthJsRateLimitedError,
  type AuthJsImpersonationProvidersOptions,
} from './lib/authjs/providers';
export { createAuthJsSessionConfig, type AuthJsSessionOptions } from './lib/authjs/callbacks';
export { createAuthJsJwtCodec, type AuthJsJwtCodecOptions } from './lib/authjs/jwt-codec';
export { authJsSessionCookieName, authJsCallbackUrlCookieName, authJsCookies } from './lib/authjs/session-cookie';
export { RATE_LIMITED_CODE, IMPERSONATE_PROVIDER_ID, RETURN_TO_ADMIN_PROVIDER_ID } from './lib/jwt-session/sign-in-attempts';
export { createSessionReader, type SessionReader } from './lib/jwt-session/session-reader';
export { DECODED_TOKENS_KEPT, type JwtCodec } from './lib/jwt-session/jwe-codec';
export { toSession, type SessionView, type SessionUserView, type SessionActorView } from './lib/jwt-session/session-view';
