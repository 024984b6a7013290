// A next-auth v4 host's side of impersonation: the credentials providers, the JWT session callbacks,
// the session codec (next-auth's own token format) and the cookie reader.
export {
  createImpersonationProviders,
  RateLimitedError,
  RATE_LIMITED_CODE,
  IMPERSONATE_PROVIDER_ID,
  RETURN_TO_ADMIN_PROVIDER_ID,
  headerOf,
  type ImpersonationProvidersOptions,
  type AuthorizeHeaders,
} from './lib/next-auth/providers';
export { createSessionCallbacks, SessionEndedError, type SessionCallbacksOptions } from './lib/next-auth/callbacks';
export { createJwtCodec, DECODED_TOKENS_KEPT, type JwtCodec, type JwtCodecOptions } from './lib/next-auth/jwt-codec';
export { isCompactSessionJwe, isCanonicalBase64url, MAX_SESSION_TOKEN_LENGTH } from './lib/next-auth/compact-jwe';
export {
  sessionCookieName,
  callbackUrlCookieName,
  nextAuthCookies,
  parseCookieHeader,
  readSessionToken,
  sessionCookieNames,
} from './lib/next-auth/session-cookie';
export { createSessionReader, type SessionReader } from './lib/next-auth/session-reader';
export {
  createSessionEndpoint,
  createSessionRead,
  SESSION_ANSWER_HEADERS,
  type SessionEndpoint,
  type SessionEndpointOptions,
  type SessionRead,
  type SessionAnswer,
} from './lib/next-auth/session-endpoint';
export { toSession, toSessionUser, type SessionView, type SessionUserView, type SessionActorView } from './lib/next-auth/session-view';
