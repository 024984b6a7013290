import { timingSafeEqual } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../clock';
import { SET_TYPE } from './set-signer';

/** An issuer whose SETs we act on, with its keys (fetched and pinned by the host, or given inline). */
export interface TrustedIssuer {
  /** The issuer identifier its SETs carry as `iss`, compared exactly. */
  issuer: string;
  /** Its public keys, as jose's key resolver (e.g. `createRemoteJWKSet` or `createLocalJWKSet`). */
  keys: JWTVerifyGetKey;
  /** The `aud` its SETs must name: us (the app's origin) unless configured otherwise. */
  audience: string;
  /** When set, each push must carry `Authorization: Bearer <token>` (RFC 8935 §2.3 `authentication_failed`). */
  token?: string;
}

/** RFC 8935 §2.3's error codes, and what we answer each with. */
export type PushErrorCode = 'invalid_request' | 'invalid_key' | 'invalid_issuer' | 'invalid_audience' | 'authentication_failed';

/** Why a pushed SET is refused: the status and the RFC 8935 error body to answer with. Nothing was acted on. */
export interface SetRefusal {
  /** Always `false`: the SET is refused. */
  ok: false;
  /** 400, 401 for `authentication_failed`; 503 when the issuer's keys cannot be had just now (the transmitter retries). */
  status: 400 | 401 | 503;
  /** The error code of the answer's body (`err`). */
  err: PushErrorCode | 'temporarily_unavailable';
  /** A sentence for the transmitter's operators (the body's `description`); never holds the token. */
  description: string;
  /** The issuer the token named, when it named one we know. */
  issuer?: string;
}

/** An SSF subject identifier (SSF 1.0 §3, RFC 9493), as received. */
export type SubjectIdentifier = Record<string, unknown> & { format: string };

/** One event of an accepted SET. */
export interface ReceivedEvent {
  /** The event type URI (a key of the SET's `events`); any type, known to us or not. */
  type: string;
  /** Whom it is about: the event's `subject`, else the SET's `sub_id`; `null` when neither is a subject identifier. */
  subject: SubjectIdentifier | null;
  /** The event's own claims, unchecked beyond being an object. */
  claims: Record<string, unknown>;
}

/** A pushed SET that passed every check: answer 202, then act on its events (`forget` it if that fails). */
export interface AcceptedSet {
  /** Always `true`: the SET is accepted. */
  ok: true;
  /** The trusted issuer that sent it. */
  issuer: string;
  /** Its unique id, now remembered for that issuer. */
  jti: string;
  /** When it was issued, in seconds since the epoch. */
  iat: number;
  /** Its events, at least one. */
  events: ReceivedEvent[];
}

/** Remembers each issuer's `jti` until the SET could no longer be accepted anyway (then it is pruned). */
export interface ReplayStore {
  /** `true` the first time, `false` for a `jti` already remembered for that issuer. */
  remember(input: { issuer: string; jti: string; until: Date; now: Date }): Promise<boolean>;
  /** Takes a `jti` back (its SET was accepted but could not be acted on: a retry must be accepted). */
  forget(input: { issuer: string; jti: string }): Promise<void>;
}

/** A SET older than this (by its `iat`) is refused: the transmitter's retries stop at 24 h, and a `jti` is remembered this long. */
export const SET_MAX_AGE_SECONDS = 24 * 60 * 60 + 5 * 60;
/** How far a transmitter's clock may run ahead of ours. */
export const SET_CLOCK_TOLERANCE_SECONDS = 60;
/** The signature algorithms accepted: asymmetric only (a shared secret would let any holder forge). */
export const SET_ALGORITHMS = ['ES256', 'ES384', 'EdDSA', 'RS256', 'PS256'];

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const refusal = (status: SetRefusal['status'], err: SetRefusal['err'], description: string, issuer?: string): SetRefusal => ({
  ok: false,
  status,
  err,
  description,
  ...(issuer ? { issuer } : {}),
});

function sameToken(given: string | null, expected: string): boolean {
  const match = /^Bearer ([\x21-\x7e]+)$/.exec(given ?? '');
  const a = Buffer.from(match?.[1] ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const subjectOf = (value: unknown): SubjectIdentifier | null =>
  isObject(value) && typeof value['format'] === 'string' ? (value as SubjectIdentifier) : null;

/**
 * The events of a verified SET: its `events` members, each about the SET's `sub_id` (SSF 1.0), or about
 * its own `subject` member (the older drafts' place for it, still sent by some transmitters).
 */
function eventsOf(payload: JWTPayload): ReceivedEvent[] | null {
  const events = payload['events'];
  if (!isObject(events) || Object.keys(events).length === 0) return null;
  const subject = subjectOf(payload['sub_id']);
  const received: ReceivedEvent[] = [];
  for (const [type, claims] of Object.entries(events)) {
    if (!isObject(claims)) return null;
    received.push({ type, subject: subjectOf(claims['subject']) ?? subject, claims });
  }
  return received;
}

function describeVerifyError(error: unknown, issuer: string): SetRefusal {
  if (error instanceof errors.JWTExpired) return refusal(400, 'invalid_request', 'The SET has expired', issuer);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return refusal(400, 'invalid_audience', 'The SET is not meant for this receiver (aud)', issuer);
    if (error.claim === 'iat')
      return refusal(400, 'invalid_request', `The SET is too old or not yet issued (iat: ${error.reason})`, issuer);
    if (error.claim === 'typ') return refusal(400, 'invalid_request', `The SET's typ must be ${SET_TYPE}`, issuer);
    return refusal(400, 'invalid_request', `The SET's ${error.claim} claim is not valid (${error.reason})`, issuer);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return refusal(400, 'invalid_key', 'The signature does not verify', issuer);
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return refusal(400, 'invalid_key', "No key of the issuer's key set matches the SET's header", issuer);
  if (error instanceof errors.JOSEAlgNotAllowed) return refusal(400, 'invalid_request', 'The signature algorithm is not accepted', issuer);
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error instanceof errors.JOSENotSupported)
    return refusal(503, 'temporarily_unavailable', "The issuer's keys could not be read just now", issuer);
  if (error instanceof errors.JOSEError) return refusal(400, 'invalid_request', 'The SET is not a valid signed JWT', issuer);
  // A failed fetch of the issuer's key set (a network error): the transmitter may try again.
  return refusal(503, 'temporarily_unavailable', "The issuer's keys could not be fetched just now", issuer);
}

/**
 * Checks a pushed Security Event Token (RFC 8417, delivered per RFC 8935) from a trusted issuer, cheapest
 * checks first: a compact JWS at all, signed (never `alg: none`), from an issuer we trust, with its
 * bearer token if it has one, signed by one of the issuer's keys with an accepted algorithm, `typ`
 * `secevent+jwt`, our audience, `iat` no older than `SET_MAX_AGE_SECONDS` (and `exp` not passed, when
 * there is one), a `jti` never seen before from that issuer (remembered until it would be too old
 * anyway), and `events`. Answers the events, or the RFC 8935 refusal.
 */
export function createSetReceiver({
  issuers,
  replays,
  clock,
  maxAgeSeconds = SET_MAX_AGE_SECONDS,
}: {
  issuers: readonly TrustedIssuer[];
  replays: ReplayStore;
  clock: Clock;
  maxAgeSeconds?: number;
}) {
  const byIssuer = new Map(issuers.map((trusted) => [trusted.issuer, trusted]));

  async function receive(token: string, authorization: string | null): Promise<AcceptedSet | SetRefusal> {
    const compact = token.trim();
    if (!COMPACT_JWS.test(compact)) return refusal(400, 'invalid_request', 'The body is not a signed SET (a compact JWS)');
    let alg: unknown;
    let iss: unknown;
    try {
      alg = decodeProtectedHeader(compact).alg;
      iss = decodeJwt(compact).iss;
    } catch {
      return refusal(400, 'invalid_request', 'The body is not a signed SET (a compact JWS)');
    }
    if (typeof alg !== 'string' || alg.toLowerCase() === 'none')
      return refusal(400, 'invalid_request', 'An unsigned SET (alg none) is refused');
    const trusted = typeof iss === 'string' ? byIssuer.get(iss) : undefined;
    if (!trusted) return refusal(400, 'invalid_issuer', 'SETs from this issuer are not accepted here');
    if (trusted.token !== undefined && !sameToken(authorization, trusted.token))
      return refusal(401, 'authentication_failed', "The Authorization header does not carry this issuer's bearer token", trusted.issuer);

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(compact, trusted.keys, {
        issuer: trusted.issuer,
        audience: trusted.audience,
        typ: SET_TYPE,
        algorithms: SET_ALGORITHMS,
        maxTokenAge: maxAgeSeconds,
        clockTolerance: SET_CLOCK_TOLERANCE_SECONDS,
        currentDate: clock.now(),
        requiredClaims: ['iat', 'jti'],
      }));
    } catch (error) {
      return describeVerifyError(error, trusted.issuer);
    }
    const { jti, iat } = payload;
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > 256 || typeof iat !== 'number')
      return refusal(400, 'invalid_request', 'The SET needs a jti (at most 256 characters) and an iat', trusted.issuer);
    const events = eventsOf(payload);
    if (!events) return refusal(400, 'invalid_request', 'The SET carries no events object', trusted.issuer);
    const until = new Date((iat + maxAgeSeconds + SET_CLOCK_TOLERANCE_SECONDS) * 1000);
    if (!(await replays.remember({ issuer: trusted.issuer, jti, until, now: clock.now() })))
      return refusal(400, 'invalid_request', 'This SET (its jti) was received before', trusted.issuer);
    return { ok: true, issuer: trusted.issuer, jti, iat, events };
  }

  return { receive, forget: (set: Pick<AcceptedSet, 'issuer' | 'jti'>) => replays.forget(set) };
}

/** `createSetReceiver`'s answer: `receive(token, authorization)` for the push endpoint, and `forget` for a SET that could not be acted on. */
export type SetReceiver = ReturnType<typeof createSetReceiver>;
