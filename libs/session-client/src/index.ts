export { createSessionClient } from './lib/session-client';
export type { LogLevel, SessionClient, SessionClientOptions, SignInOptions } from './lib/session-client';
export type { Fetch } from './lib/http';
export { parseSession, parseSessionUser } from './lib/parse-session';
export { IMPERSONATE_PROVIDER, RETURN_TO_ADMIN_PROVIDER } from './lib/provider-ids';
export type {
  ClientSafeProvider,
  Session,
  SessionActor,
  SessionClientError,
  SessionClientErrorKind,
  SessionResult,
  SessionStatus,
  SessionUser,
} from './lib/types';
