// OpenID Shared Signals (SSF 1.0) with CAEP 1.0 events: the transmitter's metadata, Security Event Tokens
// (RFC 8417) signed with jose over Node's keys for the ledger rows that are CAEP events, their push
// delivery (RFC 8935) through the ledger's outbox, and the receivers' settings.
export {
  CAEP_SESSION_ESTABLISHED,
  CAEP_SESSION_REVOKED,
  CAEP_CREDENTIAL_CHANGE,
  CAEP_EVENTS_SUPPORTED,
  SSF_ISSUER_DETAIL,
  caepEventOf,
  isSignalled,
  sessionRevokedBy,
  type SessionEnd,
  type CaepEvent,
  type CaepEventType,
  type InitiatingEntity,
} from './lib/shared-signals/caep-events';
export {
  createSetSigner,
  setAlgorithmOf,
  setIdOf,
  subjectOf,
  SET_TYPE,
  SET_CONTENT_TYPE,
  type SetSigner,
  type SetSignerOptions,
  type SetAlgorithm,
} from './lib/shared-signals/set-signer';
export {
  transmitterMetadata,
  SSF_CONFIGURATION_PATH,
  PUSH_DELIVERY,
  type TransmitterMetadata,
} from './lib/shared-signals/transmitter-metadata';
export { parseSignalReceivers, signalChannel, type SignalReceiver } from './lib/shared-signals/receivers-config';
export { pushRequest, createPushPoster, isFinalPushAnswer, pushErrorOf, NotASignalError } from './lib/shared-signals/set-push';
export { signalRouting } from './lib/shared-signals/signal-routing';
export { sessionSignalChannel, type QueuedSignal } from './lib/shared-signals/session-signals';
export {
  createSetReceiver,
  SET_MAX_AGE_SECONDS,
  SET_CLOCK_TOLERANCE_SECONDS,
  SET_ALGORITHMS,
  type SetReceiver,
  type TrustedIssuer,
  type SetRefusal,
  type AcceptedSet,
  type ReceivedEvent,
  type ReplayStore,
  type SubjectIdentifier,
  type PushErrorCode,
} from './lib/shared-signals/set-receiver';
export { subjectUser, REVOKING_EVENTS, type SubjectUser } from './lib/shared-signals/subject-user';
