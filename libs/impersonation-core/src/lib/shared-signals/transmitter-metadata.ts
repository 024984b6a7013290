import { CAEP_EVENTS_SUPPORTED } from './caep-events';

/** Where an SSF transmitter publishes its metadata (SSF 1.0 §7.1). */
export const SSF_CONFIGURATION_PATH = '/.well-known/ssf-configuration';
/** RFC 8935's push delivery: the one delivery method this transmitter uses. */
export const PUSH_DELIVERY = 'urn:ietf:rfc:8935';

export interface TransmitterMetadata {
  spec_version: '1_0';
  issuer: string;
  jwks_uri: string;
  delivery_methods_supported: string[];
  events_supported: string[];
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
