import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose';
import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { caepEventOf, type CaepEvent } from './caep-events';
import type { QueuedSignal } from './session-signals';

/** The JWS `typ` of a Security Event Token (RFC 8417 §2.3). */
export const SET_TYPE = 'secevent+jwt';
/** The media type of a pushed SET (RFC 8935 §2). */
export const SET_CONTENT_TYPE = 'application/secevent+jwt';

/** The JWS algorithms our SETs are signed with: EdDSA for an Ed25519 key, ES256 for EC P-256. */
export type SetAlgorithm = 'EdDSA' | 'ES256';

/** The algorithm a private key signs SETs with: Ed25519 is EdDSA, P-256 is ES256; any other key is refused. */
export function setAlgorithmOf(key: KeyObject): SetAlgorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(`a SET signing key is Ed25519 or EC P-256, not ${key.asymmetricKeyType ?? 'a symmetric key'}`);
}

/** The SSF subject identifier of one of our users: the issuer-and-subject format (SSF 1.0 §3, RFC 9493). */
export const subjectOf = (issuer: string, userId: string) => ({ format: 'iss_sub', iss: issuer, sub: userId }) as const;

/**
 * A SET's `jti`: the same for every attempt to deliver one row to one audience (receivers dedupe on it),
 * different for every other row or audience. Derived from the row's chained hash, which no other row of
 * any ledger shares (a session signal's random `seed` stands in for it).
 */
export function setIdOf(row: Pick<ChainedLedgerRow, 'hash'>, audience: string): string {
  return createHash('sha256').update(`${row.hash}\n${audience}`, 'utf8').digest('base64url').slice(0, 32);
}

/** Who signs our SETs, and with which key. */
export interface SetSignerOptions {
  /** Our issuer identifier (the app's origin): `iss`, and the `iss` of every subject. */
  issuer: string;
  /** The private key (Node's KeyObject): Ed25519 or EC P-256. Never in the database. */
  privateKey: KeyObject;
}

/**
 * Signs the Security Event Tokens (RFC 8417) a ledger row stands for, one per audience, with the CAEP
 * event as the SSF profile shapes it: `iss`, `jti`, `iat` (the row's time, so every attempt carries the
 * same token; EdDSA signatures are deterministic, so the same bytes), `aud`, `txn`, `sub_id`, `events`.
 */
export function createSetSigner({ issuer, privateKey }: SetSignerOptions) {
  const alg = setAlgorithmOf(privateKey);
  const publicJwk = (async (): Promise<JWK> => {
    const key = await exportJWK(createPublicKey(privateKey));
    return { ...key, kid: await calculateJwkThumbprint(key), alg, use: 'sig' };
  })();

  return {
    issuer,
    alg,
    /** The public key as a JWK (`kid` its RFC 7638 thumbprint), for `jwks_uri`. */
    publicJwk: () => publicJwk,
    /** The SET of `row` for `audience`; `null` when the row is no CAEP event. */
    async sign(row: ChainedLedgerRow, audience: string): Promise<string | null> {
      const event = caepEventOf(row);
      return event ? signEvent(event, setIdOf(row, audience), audience) : null;
    },
    /** The SET of a queued session signal for `audience` (its `jti` derived from the signal's seed). */
    signSignal(signal: QueuedSignal, audience: string): Promise<string> {
      return signEvent(signal.event, setIdOf({ hash: signal.seed }, audience), audience);
    },
  };

  async function signEvent(event: CaepEvent, jti: string, audience: string): Promise<string> {
    const { kid } = await publicJwk;
    const iat = Math.floor(event.at.getTime() / 1000);
    return new SignJWT({
      jti,
      ...(event.txn ? { txn: event.txn } : {}),
      sub_id: subjectOf(issuer, event.subjectId),
      ...(event.act ? { act: event.act } : {}),
      events: { [event.type]: { event_timestamp: iat, ...event.claims } },
    })
      .setProtectedHeader({ alg, typ: SET_TYPE, kid })
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setAudience(audience)
      .sign(privateKey);
  }
}

/** `createSetSigner`'s answer: the SETs of a ledger row or a queued session signal, and the public key for our JWKS. */
export type SetSigner = ReturnType<typeof createSetSigner>;
