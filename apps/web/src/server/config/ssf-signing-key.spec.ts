import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { resolveSetSigningKey, SSF_SIGNING_KEY_FILE } from './ssf-signing-key';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-ssf-key-'));
const embedded = (dataDir: string) => ({
  signalKey: undefined,
  signalReceivers: [],
  database: { kind: 'pglite' as const, dataDir },
  environment: 'production' as const,
  dataDir,
});
const postgres = { kind: 'postgres' as const, url: 'postgres://db/app', connectTimeoutMs: 1, queryTimeoutMs: 1, poolMax: 1 };
const notices = () => ({ warn: jest.fn(), info: jest.fn() });
const pem = (type: 'ed25519' | 'ec' | 'rsa') =>
  (type === 'ec'
    ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ed25519')
  ).privateKey
    .export({ format: 'pem', type: 'pkcs8' })
    .toString();
const receiver = { name: 'siem', url: 'https://siem.example.com/push', audience: 'https://siem.example.com' };

describe('resolveSetSigningKey', () => {
  it('uses SSF_SIGNING_KEY (Ed25519 or P-256) when it is configured, and reads SSF_SIGNING_KEY_FILE', () => {
    expect(
      resolveSetSigningKey({ ...embedded(freshDir()), signalKey: { source: 'env', value: pem('ed25519') } }, notices())?.asymmetricKeyType,
    ).toBe('ed25519');
    const file = path.join(freshDir(), 'key.pem');
    writeFileSync(file, pem('ec'));
    expect(resolveSetSigningKey({ ...embedded(freshDir()), signalKey: { source: 'file', path: file } }, notices())?.asymmetricKeyType).toBe(
      'ec',
    );
  });

  it('refuses a key that is not PEM, or an algorithm SETs are not signed with, naming the variable', () => {
    const notPem = () => resolveSetSigningKey({ ...embedded(freshDir()), signalKey: { source: 'env', value: 'nope' } }, notices());
    expect(notPem).toThrow(ConfigError);
    expect(notPem).toThrow(/^SSF_SIGNING_KEY: not a PEM private key/);
    const rsa = () => resolveSetSigningKey({ ...embedded(freshDir()), signalKey: { source: 'env', value: pem('rsa') } }, notices());
    expect(rsa).toThrow(/^SSF_SIGNING_KEY: a SET signing key is Ed25519 or EC P-256, not rsa/);
  });

  it('generates an Ed25519 key once for the embedded database, readable by its owner only, and reuses it', () => {
    const dataDir = freshDir();
    const first = resolveSetSigningKey(embedded(dataDir), notices());
    expect(first?.asymmetricKeyType).toBe('ed25519');
    expect(statSync(path.join(dataDir, SSF_SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = resolveSetSigningKey(embedded(dataDir), notices());
    expect(again?.export({ format: 'pem', type: 'pkcs8' })).toEqual(first?.export({ format: 'pem', type: 'pkcs8' }));
    expect(readFileSync(path.join(dataDir, SSF_SIGNING_KEY_FILE), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('turns the transmitter off in production on PostgreSQL without a key, and refuses SSF_RECEIVERS without one', () => {
    const dataDir = freshDir();
    expect(resolveSetSigningKey({ ...embedded(dataDir), database: postgres }, notices())).toBeNull();
    const withReceivers = () => resolveSetSigningKey({ ...embedded(dataDir), database: postgres, signalReceivers: [receiver] }, notices());
    expect(withReceivers).toThrow(/^SSF_RECEIVERS is set but SSF_SIGNING_KEY is not/);
  });
});

describe('the shared-signals settings', () => {
  const load = (env: Record<string, string>) => loadConfig(env, { cwd: process.cwd() });

  it('reads SSF_RECEIVERS and SSF_ISSUERS as JSON lists, and leaves both empty when unset', () => {
    expect(load({})).toMatchObject({ signalReceivers: [], signalIssuers: [], signalKey: undefined });
    const config = load({
      SSF_RECEIVERS: JSON.stringify([{ ...receiver, token: 'bearer-token-0123' }]),
      SSF_ISSUERS: JSON.stringify([
        { issuer: 'https://idp.example.com', jwks_uri: 'https://idp.example.com/jwks' },
        { issuer: 'https://hr.example.com', jwks: { keys: [{ kty: 'OKP' }] }, audience: 'urn:viewas', token: 'push-token-0123456789' },
      ]),
    });
    expect(config.signalReceivers).toEqual([{ ...receiver, token: 'bearer-token-0123' }]);
    expect(config.signalIssuers).toEqual([
      { issuer: 'https://idp.example.com', jwksUri: 'https://idp.example.com/jwks' },
      { issuer: 'https://hr.example.com', jwks: { keys: [{ kty: 'OKP' }] }, audience: 'urn:viewas', token: 'push-token-0123456789' },
    ]);
  });

  it.each([
    ['SSF_RECEIVERS', 'not json', /SSF_RECEIVERS is not JSON/],
    ['SSF_RECEIVERS', JSON.stringify([{ name: 'Bad Name', url: 'https://x.example', audience: 'a' }]), /SSF_RECEIVERS: 0\.name must be/],
    ['SSF_RECEIVERS', JSON.stringify([{ name: 'x', url: 'ftp://x.example', audience: 'a' }]), /SSF_RECEIVERS: 0\.url must be an http/],
    [
      'SSF_RECEIVERS',
      JSON.stringify([{ name: 'x', url: 'https://u:p@x.example', audience: 'a' }]),
      /must not carry a user name or password/,
    ],
    ['SSF_RECEIVERS', JSON.stringify([receiver, receiver]), /receiver names must differ/],
    ['SSF_ISSUERS', JSON.stringify([{ issuer: 'https://idp.example.com' }]), /give jwks_uri or jwks, exactly one/],
    [
      'SSF_ISSUERS',
      JSON.stringify([{ issuer: 'https://idp.example.com', jwks_uri: 'https://idp.example.com/jwks', extra: 1 }]),
      /SSF_ISSUERS/,
    ],
    ['SSF_SIGNING_KEY', 'PRIVATE+KEY+not-pem', /SSF_SIGNING_KEY: must be a PEM private key/],
  ])('refuses a bad %s with a message naming it (%s)', (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(message);
  });

  it('refuses the SET signing key and its file together', () => {
    expect(() => load({ SSF_SIGNING_KEY: pem('ed25519'), SSF_SIGNING_KEY_FILE: 'key.pem' })).toThrow(
      /SSF_SIGNING_KEY_FILE: set the SET signing key or the file/,
    );
  });
});
