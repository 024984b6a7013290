// A next-auth v4 host's side of impersonation: the credentials providers, the JWT session callbacks,
// the session codec (next-auth's own token format) and the cookie reader.
export {
  createImpersonationProviders,
  RateLimitedError,
  headerOf,
  type ImpersonationProvidersOptions,
  type AuthorizeHeaders,
} from './lib/next-auth/providers';
export { RATE_LIMITED_CODE, IMPERSONATE_PROVIDER_ID, RETURN_TO_ADMIN_PROVIDER_ID } from './lib/jwt-session/sign-in-attempts';
export { createSessionCallbacks, SessionEndedError, type SessionCallbacksOptions } from './lib/next-auth/callbacks';
export { createJwtCodec } from './lib/next-auth/jwt-codec';
export { DECODED_TOKENS_KEPT, type JwtCodec, type JwtCodecOptions } from './lib/jwt-session/jwe-codec';
export { isCompactSessionJwe, isCanonicalBase64url, MAX_SESSION_TOKEN_LENGTH } from './lib/jwt-session/compact-jwe';
export { sessionCookieName, callbackUrlCookieName, nextAuthCookies } from './lib/next-auth/session-cookie';
export { parseCookieHeader, readSessionToken, sessionCookieNames } from './lib/jwt-session/cookie-header';
export { createSessionReader, type SessionReader } from './lib/jwt-session/session-reader';
export {
  createSessionEndpoint,
  createSessionRead,
  SESSION_ANSWER_HEADERS,
  type SessionEndpoint,
  type SessionEndpointOptions,
  type SessionRead,
  type SessionPayload,
} from './lib/next-auth/session-endpoint';
export { toSession, toSessionUser, type SessionView, type SessionUserView, type SessionActorView } from './lib/jwt-session/session-view';
