import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, DEFAULT_IMPERSONATION_MAX_MINUTES, DEFAULT_SESSION_MAX_AGE_SECONDS, loadConfig } from './config';
import { MIN_WEBHOOK_SECRET_LENGTH } from '@viewas/impersonation-core/testing';

// A throw-away "workspace": the folder holding nx.json anchors the default paths.
const workspace = mkdtempSync(path.join(tmpdir(), 'viewas-config-'));
writeFileSync(path.join(workspace, 'nx.json'), '{}');
const appDir = path.join(workspace, 'apps', 'web');

describe('loadConfig', () => {
  it('defaults to the embedded database in <workspace>/.data, even when started from apps/web', () => {
    const config = loadConfig({}, { cwd: appDir });
    expect(config).toMatchObject({
      environment: 'development',
      origin: 'http://localhost:3000',
      dataDir: path.join(workspace, '.data'),
      database: { kind: 'pglite', dataDir: path.join(workspace, '.data') },
      migrationsDir: path.join(workspace, 'libs', 'impersonation-core', 'drizzle'),
      sessionSecret: undefined,
      impersonationMaxMinutes: DEFAULT_IMPERSONATION_MAX_MINUTES,
      impersonationReauthMinutes: 15,
      sessionMaxAgeSeconds: DEFAULT_SESSION_MAX_AGE_SECONDS,
      clientIpHeader: null,
      logLevel: 'info',
    });
  });

  it('derives the origin from PORT, and takes NEXTAUTH_URL as given (origin only)', () => {
    expect(loadConfig({ PORT: '3999' }, { cwd: workspace }).origin).toBe('http://localhost:3999');
    expect(loadConfig({ PORT: '3999', NEXTAUTH_URL: 'https://app.example.com/' }, { cwd: workspace }).origin).toBe(
      'https://app.example.com',
    );
  });

  it.each(['AUTH_TRUST_HOST', 'VERCEL'])(
    'refuses to start with %s set, which would make next-auth trust X-Forwarded-Host over NEXTAUTH_URL',
    (name) => {
      for (const value of ['1', 'true', 'false']) {
        expect(() => loadConfig({ [name]: value, NEXTAUTH_URL: 'https://app.example.com' }, { cwd: workspace })).toThrow(
          new RegExp(
            `^Invalid configuration:\\n  ${name}: must not be set: it makes next-auth trust the X-Forwarded-Host a client sends; NEXTAUTH_URL names the app's origin$`,
          ),
        );
      }
      // Empty counts as unset, like every other variable.
      expect(loadConfig({ [name]: '' }, { cwd: workspace }).origin).toBe('http://localhost:3000');
    },
  );

  it('requires NEXTAUTH_URL in production, and names it in the message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, { cwd: workspace })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' }, { cwd: workspace })).toThrow(
      /NEXTAUTH_URL: required in production: the app's public origin/,
    );
    expect(loadConfig({ NODE_ENV: 'production', NEXTAUTH_URL: 'https://app.example.com' }, { cwd: workspace }).origin).toBe(
      'https://app.example.com',
    );
  });

  it('resolves a relative DATA_DIR against the workspace root', () => {
    expect(loadConfig({ DATA_DIR: 'elsewhere' }, { cwd: appDir }).dataDir).toBe(path.join(workspace, 'elsewhere'));
  });

  it('switches to PostgreSQL with DATABASE_URL, with bounded connect and query timeouts', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/viewas', DB_CONNECT_TIMEOUT_MS: '1500' }, { cwd: workspace });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db:5432/viewas',
      connectTimeoutMs: 1500,
      queryTimeoutMs: 5000,
      poolMax: 10,
    });
  });

  it('reads the impersonation length, session lifetime, client address header and log level', () => {
    const config = loadConfig(
      {
        IMPERSONATION_MAX_MINUTES: '15',
        SESSION_MAX_AGE_SECONDS: '86400',
        VIEWAS_CLIENT_IP_HEADER: 'x-viewas-client-ip',
        LOG_LEVEL: 'warn',
      },
      { cwd: workspace },
    );
    expect(config).toMatchObject({
      impersonationMaxMinutes: 15,
      sessionMaxAgeSeconds: 86400,
      clientIpHeader: 'x-viewas-client-ip',
      logLevel: 'warn',
    });
  });

  it('keeps e-mail off without SMTP_URL, and sends from MAIL_FROM or no-reply at the app host with it', () => {
    expect(loadConfig({}, { cwd: workspace }).mail).toBeNull();
    expect(
      loadConfig({ SMTP_URL: 'smtp://mailer:secret@mail.example.com:587', NEXTAUTH_URL: 'https://app.example.com' }, { cwd: workspace })
        .mail,
    ).toEqual({
      smtpUrl: 'smtp://mailer:secret@mail.example.com:587',
      from: 'Viewas <no-reply@app.example.com>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Support <support@example.com>' }, { cwd: workspace }).mail?.from,
    ).toBe('Support <support@example.com>');
  });

  it('migrates with DATABASE_MIGRATION_URL when given, and refuses it without DATABASE_URL', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://viewas_app@db/viewas', DATABASE_MIGRATION_URL: 'postgres://viewas_owner@db/viewas' },
      { cwd: workspace },
    );
    expect(config.database).toMatchObject({
      kind: 'postgres',
      url: 'postgres://viewas_app@db/viewas',
      migrationUrl: 'postgres://viewas_owner@db/viewas',
    });
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://viewas_owner@db/viewas' }, { cwd: workspace })).toThrow(
      /DATABASE_MIGRATION_URL: only with DATABASE_URL/,
    );
  });

  it('delivers the ledger by webhook only with both WEBHOOK_URL and WEBHOOK_SECRET', () => {
    expect(loadConfig({}, { cwd: workspace }).webhooks).toBeNull();
    const secret = 's'.repeat(MIN_WEBHOOK_SECRET_LENGTH);
    expect(
      loadConfig({ WEBHOOK_URL: 'https://siem.example.com/hooks/viewas', WEBHOOK_SECRET: secret }, { cwd: workspace }).webhooks,
    ).toEqual({
      url: 'https://siem.example.com/hooks/viewas',
      secret,
    });
  });

  it.each([
    [
      'a secret under 32 characters',
      { WEBHOOK_URL: 'https://siem.example.com/h', WEBHOOK_SECRET: 'short' },
      /WEBHOOK_SECRET is 5 characters long; it must be at least 32/,
    ],
    ['a URL that is not one', { WEBHOOK_URL: 'not a url', WEBHOOK_SECRET: 's'.repeat(40) }, /WEBHOOK_URL is not a valid URL/],
    [
      'a URL that is not http(s)',
      { WEBHOOK_URL: 'ftp://siem.example.com/h', WEBHOOK_SECRET: 's'.repeat(40) },
      /WEBHOOK_URL must be an http:\/\/ or https:\/\/ URL/,
    ],
    ['a URL without a secret', { WEBHOOK_URL: 'https://siem.example.com/h' }, /WEBHOOK_URL is set but WEBHOOK_SECRET is not/],
    ['a secret without a URL', { WEBHOOK_SECRET: 's'.repeat(40) }, /WEBHOOK_SECRET is set but WEBHOOK_URL is not/],
  ])('refuses to start with %s, saying which setting to fix', (_name, env, message) => {
    expect(() => loadConfig(env, { cwd: workspace })).toThrow(ConfigError);
    expect(() => loadConfig(env, { cwd: workspace })).toThrow(message);
  });

  it('keeps /metrics off without METRICS_TOKEN, and takes a token of at least 16 printable characters', () => {
    expect(loadConfig({}, { cwd: workspace }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }, { cwd: workspace }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, { cwd: workspace })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, sixteen+' }, { cwd: workspace })).toThrow(
      /METRICS_TOKEN: must be printable ASCII without spaces/,
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' }, { cwd: workspace })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', NEXTAUTH_SECRET: '', PORT: '' }, { cwd: workspace })).toMatchObject({
      database: { kind: 'pglite' },
      sessionSecret: undefined,
      origin: 'http://localhost:3000',
    });
  });

  it('names every invalid variable in one error', () => {
    const load = () =>
      loadConfig(
        { DATABASE_URL: 'mysql://x', IMPERSONATION_MAX_MINUTES: '0', NEXTAUTH_SECRET: 'short', VIEWAS_CLIENT_IP_HEADER: 'X Forwarded' },
        { cwd: workspace },
      );
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/DATABASE_URL[\s\S]*NEXTAUTH_SECRET[\s\S]*IMPERSONATION_MAX_MINUTES[\s\S]*VIEWAS_CLIENT_IP_HEADER/);
  });
});
