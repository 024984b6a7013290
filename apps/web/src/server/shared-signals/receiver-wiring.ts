import { addressLimitKey, type Impersonation, type ImpersonationStore, type ThrottlePolicy } from '@viewas/impersonation-core';
import { createSsfReplayStore } from '@viewas/impersonation-core/postgres';
import {
  createSetReceiver,
  REVOKING_EVENTS,
  SET_CONTENT_TYPE,
  subjectUser,
  type AcceptedSet,
  type TrustedIssuer,
} from '@viewas/impersonation-core/shared-signals';
import { RefusalError, readBodyText, type HttpAnswer } from '@viewas/admin-api/server';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet } from 'jose';
import type { WebRequest } from '../app/web-request';
import type { SignalIssuerConfig } from '../config/config';
import type { DatabaseProvider } from '../db/database-provider';
import type { Logger } from '../logging/logger';
import { requestInfo } from '../services/request-info';

/** A SET is a few hundred bytes; anything past this is refused before it is read in full. */
export const MAX_SET_BYTES = 64 * 1024;
/**
 * An issuer's key set is fetched once and kept this long; a SET naming a key it lacks refetches it at
 * most once per `JWKS_COOLDOWN_MS`, so a storm of forged key ids never becomes a storm of fetches.
 */
export const JWKS_CACHE_MS = 10 * 60_000;
export const JWKS_COOLDOWN_MS = 30_000;
export const JWKS_TIMEOUT_MS = 5_000;
/** Refused SETs one address may push before it is locked out for a while (accepted ones cost nothing). */
export const DEFAULT_SIGNAL_REFUSAL_LIMIT: ThrottlePolicy = { maxFailures: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

const answer = (status: number, body?: Record<string, string>, headers: [string, string][] = []): HttpAnswer => ({
  status,
  headers: body ? [['Content-Type', 'application/json'], ...headers] : headers,
  body: body ? JSON.stringify(body) : '',
});

/** The issuers' keys: a JWKS URL fetched and cached (jose's remote key set), or the key set given inline. */
export function trustedIssuers(configs: readonly SignalIssuerConfig[], origin: string): TrustedIssuer[] {
  return configs.map((config) => ({
    issuer: config.issuer,
    audience: config.audience ?? origin,
    ...(config.token ? { token: config.token } : {}),
    keys: config.jwksUri
      ? createRemoteJWKSet(new URL(config.jwksUri), {
          cacheMaxAge: JWKS_CACHE_MS,
          cooldownDuration: JWKS_COOLDOWN_MS,
          timeoutDuration: JWKS_TIMEOUT_MS,
        })
      : createLocalJWKSet(config.jwks as JSONWebKeySet),
  }));
}

/**
 * `POST /api/ssf/events`: SETs pushed (RFC 8935) by the trusted issuers. A verified `session-revoked` or
 * `credential-change` about one of our users ends every session of theirs and every view of their account
 * (the core's `endSessionsOnSignal`), within 2 s on every app server; other events are accepted and
 * ignored. Answers 202 (accepted), or the refusal's status with `{ err, description }`. Refusals are
 * counted (metrics) and logged, never written to the ledger (which holds what was done); an address
 * refused too often is locked out for a while.
 */
export function createSignalReceiverEndpoint({
  issuers,
  origin,
  database,
  store,
  impersonation,
  now,
  logger,
  clientIpHeader,
  onResult,
  refusalLimit = DEFAULT_SIGNAL_REFUSAL_LIMIT,
}: {
  issuers: readonly TrustedIssuer[];
  origin: string;
  database: DatabaseProvider;
  store: () => Promise<ImpersonationStore>;
  impersonation: Pick<Impersonation, 'endSessionsOnSignal'>;
  now: () => Date;
  logger: Logger;
  clientIpHeader: string | null;
  /** Told of each push's result (`accepted` or the error code), for the metrics. */
  onResult?: (result: string) => void;
  refusalLimit?: ThrottlePolicy;
}) {
  const log = logger.child({ component: 'shared-signals' });
  const receiver = createSetReceiver({
    issuers,
    clock: { now },
    replays: {
      remember: async (input) => createSsfReplayStore(await database.get()).remember(input),
      forget: async (input) => createSsfReplayStore(await database.get()).forget(input),
    },
  });

  async function act(set: AcceptedSet, request: WebRequest): Promise<number> {
    const info = requestInfo(request.headers, clientIpHeader);
    let ended = 0;
    for (const event of set.events) {
      if (!REVOKING_EVENTS.has(event.type)) continue;
      const named = subjectUser(event.subject, origin);
      const user = named && ('id' in named ? { id: named.id } : await (await store()).users.findByEmail(named.email));
      if (!user) {
        log.info(
          { ssfIssuer: set.issuer, jti: set.jti, event: event.type },
          'a shared signal about nobody we know: accepted, nothing to end',
        );
        continue;
      }
      const done = await impersonation.endSessionsOnSignal({
        userId: user.id,
        signal: { issuer: set.issuer, event: event.type, jti: set.jti },
        request: info,
      });
      if (done) ended += 1;
    }
    return ended;
  }

  return async (request: WebRequest): Promise<HttpAnswer> => {
    if (request.method !== 'POST') return answer(405, { err: 'invalid_request', description: 'Use POST' }, [['Allow', 'POST']]);
    const at = now();
    const ip = requestInfo(request.headers, clientIpHeader).ip;
    const limitKey = `ssf:${ip ? addressLimitKey(ip) : 'unknown'}`;
    const throttle = (await store()).throttle;
    const lockedUntil = await throttle.lockedUntil([limitKey], at);
    if (lockedUntil) {
      onResult?.('rate_limited');
      const retryAfter = String(Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000)));
      return answer(429, { err: 'rate_limited', description: 'Too many refused SETs from this address: try again later' }, [
        ['Retry-After', retryAfter],
      ]);
    }
    const refuse = async (status: number, err: string, description: string, extra: Record<string, unknown> = {}) => {
      await throttle.recordFailure(limitKey, at, refusalLimit);
      onResult?.(err);
      log.warn({ err, description, ip, ...extra }, 'a pushed SET was refused');
      return answer(status, { err, description }, status === 413 ? [['Connection', 'close']] : []);
    };
    const mediaType = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase();
    if (mediaType !== SET_CONTENT_TYPE) return refuse(400, 'invalid_request', `Send the SET as ${SET_CONTENT_TYPE}`);
    let token: string;
    try {
      token = await readBodyText(request, MAX_SET_BYTES);
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      return error.code === 'payload_too_large'
        ? refuse(413, 'invalid_request', `A SET is at most ${MAX_SET_BYTES} bytes`)
        : refuse(400, 'invalid_request', 'The body is not UTF-8 text');
    }
    const received = await receiver.receive(token, request.headers.get('authorization'));
    if (!received.ok) {
      // Not our fault: the issuer's key set could not be fetched. The transmitter retries; no lock-out.
      if (received.status === 503) {
        onResult?.(received.err);
        log.warn({ ssfIssuer: received.issuer, description: received.description }, 'a pushed SET could not be checked');
        return answer(503, { err: received.err, description: received.description }, [['Retry-After', '30']]);
      }
      return refuse(received.status, received.err, received.description, { ssfIssuer: received.issuer });
    }
    try {
      const ended = await act(received, request);
      onResult?.('accepted');
      log.info(
        { ssfIssuer: received.issuer, jti: received.jti, events: received.events.map((event) => event.type), ended },
        'a shared signal was accepted',
      );
      return answer(202);
    } catch (error) {
      // Verified but not acted on: its id is taken back so the transmitter's retry is accepted.
      await receiver.forget(received).catch(() => undefined);
      throw error;
    }
  };
}
