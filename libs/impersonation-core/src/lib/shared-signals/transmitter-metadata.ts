import { CAEP_EVENTS_SUPPORTED } from './caep-events';

/** Where an SSF transmitter publishes its metadata (SSF 1.0 §7.1). */
export const SSF_CONFIGURATION_PATH = '/.well-known/ssf-configuration';
/** RFC 8935's push delivery: the one delivery method this transmitter uses. */
export const PUSH_DELIVERY = 'urn:ietf:rfc:8935';

/** The document served at {@link SSF_CONFIGURATION_PATH}, field names as SSF 1.0 §7.1 spells them. */
export interface TransmitterMetadata {
  /** The SSF version implemented: always `1_0`. */
  spec_version: '1_0';
  /** Our issuer identifier (the app's origin): every SET's `iss`. */
  issuer: string;
  /** Where receivers fetch the public keys our SETs are signed with. */
  jwks_uri: string;
  /** Push delivery (RFC 8935) only. */
  delivery_methods_supported: string[];
  /** The CAEP event types we send ({@link CAEP_EVENTS_SUPPORTED}). */
  events_supported: string[];
  /** Every receiver gets events about every user: no subject has to be added first. */
  default_subjects: 'ALL';
}

/**
 * The transmitter's metadata document. Receivers are configured on our side (the host's settings), not
 * through a stream management API, so no `configuration_endpoint` or `authorization_schemes` are
 * published: every receiver gets every supported event about every subject (`default_subjects: ALL`).
 */
export function transmitterMetadata({ issuer, jwksUri }: { issuer: string; jwksUri: string }): TransmitterMetadata {
  return {
    spec_version: '1_0',
    issuer,
    jwks_uri: jwksUri,
    delivery_methods_supported: [PUSH_DELIVERY],
    events_supported: [...CAEP_EVENTS_SUPPORTED],
    default_subjects: 'ALL',
  };
}
