import path from 'node:path';
import { checkWebhookConfig, type WebhookConfig } from '@viewas/impersonation-core';
import { parseSignalReceivers, type SignalReceiver } from '@viewas/impersonation-core/shared-signals';
import * as z from 'zod';
import { ConfigError } from './config-error';
import { findWorkspaceRoot } from './workspace-root';

export type Environment = 'development' | 'production' | 'test';

export type DatabaseConfig =
  /** PGlite keeps its files in `<dataDir>/pglite` and its lock in `<dataDir>/.lock`. */
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      connectTimeoutMs: number;
      queryTimeoutMs: number;
      poolMax: number;
      /** `DATABASE_MIGRATION_URL`: the owner role that applies migrations, so the app's own role need not own the tables. */
      migrationUrl?: string;
    };

export interface AppConfig {
  environment: Environment;
  /** The app's public origin (`NEXTAUTH_URL`): redirects and the same-origin check use it. */
  origin: string;
  /** Holds the embedded database, its lock and the generated session secret. */
  dataDir: string;
  database: DatabaseConfig;
  migrationsDir: string;
  /** `undefined` when not configured: see `resolveSessionSecret`. */
  sessionSecret: string | undefined;
  demoPassword: string | undefined;
  /**
   * `DEMO_SEED=true`: fill an empty embedded database with the demo accounts. Only the try-it paths
   * (`npm start`, `npm run dev`) ask for it; a deployment (`node apps/web/server.mjs`) never does, and
   * gets a one-time setup link for its first administrator instead.
   */
  demoSeed: boolean;
  impersonationMaxMinutes: number;
  /** Step-up: a view starts only within this many minutes of the staff member's last password entry. */
  impersonationReauthMinutes: number;
  /** `SUPPORT_MIN_ACCOUNT_AGE_DAYS`: support agents view only accounts at least this old; `null`: no such rule. */
  supportMinAccountAgeDays: number | null;
  sessionMaxAgeSeconds: number;
  /**
   * The request header holding the client's address, set by the production server (server.mjs) on
   * every request; `null` under `next start`/`next dev`, where nothing vouches for it (address unknown).
   */
  clientIpHeader: string | null;
  logLevel: LogLevel;
  /** E-mail notifications: `null` when `SMTP_URL` is not set (notifications stay in the app). */
  mail: MailConfig | null;
  /** Ledger delivery (`WEBHOOK_URL` + `WEBHOOK_SECRET`): `null` when neither is set. */
  webhooks: WebhookConfig | null;
  /** `METRICS_TOKEN`: the bearer token `GET /metrics` asks for; `null` when unset (the endpoint then answers 404). */
  metricsToken: string | null;
  /**
   * The ledger checkpoints' signing key (`LEDGER_CHECKPOINT_KEY`, or the file `LEDGER_CHECKPOINT_KEY_FILE`
   * names): `undefined` when neither is set. See `resolveCheckpointSigner`.
   */
  checkpointKey: { source: 'env'; value: string } | { source: 'file'; path: string } | undefined;
  /** `SSF_RECEIVERS`: where Security Event Tokens are pushed (`[]` when unset). */
  signalReceivers: SignalReceiver[];
  /**
   * The SET signing key, a PEM private key (Ed25519 or EC P-256): `SSF_SIGNING_KEY`, or the file
   * `SSF_SIGNING_KEY_FILE` names; `undefined` when neither is set. See `resolveSetSigningKey`.
   */
  signalKey: { source: 'env'; value: string } | { source: 'file'; path: string } | undefined;
  /** `SSF_ISSUERS`: the transmitters whose SETs `POST /api/ssf/events` acts on (`[]` when unset: the endpoint answers 404). */
  signalIssuers: SignalIssuerConfig[];
}

/** One trusted transmitter: its issuer, its keys (a JWKS URL, fetched and cached, or the JWKS itself), and what it must send. */
export interface SignalIssuerConfig {
  issuer: string;
  jwksUri?: string;
  jwks?: { keys: Record<string, unknown>[] };
  /** The `aud` its SETs must carry: the app's origin unless set. */
  audience?: string;
  /** The bearer token its pushes must carry, if any. */
  token?: string;
}

const SignalIssuersSchema = z
  .array(
    z
      .object({
        issuer: z.string().min(1).max(2048),
        jwks_uri: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
        jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1).max(20) }).optional(),
        audience: z.string().min(1).max(2048).optional(),
        token: z
          .string()
          .min(16)
          .max(4096)
          .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
          .optional(),
      })
      .strict()
      .refine((entry) => Boolean(entry.jwks_uri) !== Boolean(entry.jwks), 'give jwks_uri or jwks, exactly one'),
  )
  .max(20)
  .refine((entries) => new Set(entries.map((entry) => entry.issuer)).size === entries.length, 'each issuer once');

/** `SSF_ISSUERS` as JSON: `[{ issuer, jwks_uri | jwks, audience?, token? }]`. Throws a message naming what to fix. */
export function parseSignalIssuers(text: string | undefined): SignalIssuerConfig[] {
  if (!text?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('SSF_ISSUERS is not JSON: expected [{"issuer":"https://idp.example.com","jwks_uri":"https://idp.example.com/jwks"}]');
  }
  const parsed = SignalIssuersSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `SSF_ISSUERS: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(list)'} ${issue.message}`).join('; ')}`,
    );
  return parsed.data.map(({ jwks_uri, ...entry }) => ({ ...entry, ...(jwks_uri ? { jwksUri: jwks_uri } : {}) }));
}

export interface MailConfig {
  smtpUrl: string;
  /** `MAIL_FROM`, or `Viewas <no-reply@<app host>>`. */
  from: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_IMPERSONATION_MAX_MINUTES = 60;
export const DEFAULT_IMPERSONATION_REAUTH_MINUTES = 15;
export const DEFAULT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_SECRET_MIN_LENGTH = 32;
export const METRICS_TOKEN_MIN_LENGTH = 16;

// Its own file, so modules loaded outside the app's bundle (the data directory lock) need not load the rest.
export { ConfigError };

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer(1, 65535).default(3000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATABASE_MIGRATION_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  NEXTAUTH_SECRET: z
    .string()
    .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters (try: openssl rand -base64 32)`)
    .optional(),
  DEMO_PASSWORD: z.string().optional(),
  DEMO_SEED: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  IMPERSONATION_MAX_MINUTES: integer(1, 24 * 60).default(DEFAULT_IMPERSONATION_MAX_MINUTES),
  IMPERSONATION_REAUTH_MINUTES: integer(1, 24 * 60).default(DEFAULT_IMPERSONATION_REAUTH_MINUTES),
  SUPPORT_MIN_ACCOUNT_AGE_DAYS: integer(1, 3650).optional(),
  SESSION_MAX_AGE_SECONDS: integer(60, 365 * 24 * 60 * 60).default(DEFAULT_SESSION_MAX_AGE_SECONDS),
  VIEWAS_CLIENT_IP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a lower-case header name')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DB_CONNECT_TIMEOUT_MS: integer(100, 60_000).default(3_000),
  DB_QUERY_TIMEOUT_MS: integer(100, 300_000).default(5_000),
  DB_POOL_MAX: integer(1, 200).default(10),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)' }).optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  METRICS_TOKEN: z
    .string()
    .min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (try: openssl rand -hex 32)`)
    .max(256)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an Authorization header)')
    .optional(),
  LEDGER_CHECKPOINT_KEY: z.string().startsWith('PRIVATE+KEY+', 'must be a signer key: PRIVATE+KEY+<name>+<hash>+<key>').optional(),
  LEDGER_CHECKPOINT_KEY_FILE: z.string().optional(),
  SSF_SIGNING_KEY: z.string().includes('PRIVATE KEY-----', { error: 'must be a PEM private key (-----BEGIN PRIVATE KEY-----)' }).optional(),
  SSF_SIGNING_KEY_FILE: z.string().optional(),
  SSF_RECEIVERS: z.string().optional(),
  SSF_ISSUERS: z.string().optional(),
});

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Variables that make next-auth v4 take its origin from the request's `X-Forwarded-Host` (a client
 * can send any) instead of `NEXTAUTH_URL`: redirects and e-mailed links could then point anywhere.
 */
export const HOST_TRUSTING_VARIABLES = ['AUTH_TRUST_HOST', 'VERCEL'] as const;

/**
 * The one place the app's settings are read. Empty values count as unset, so `FOO=` in an env file
 * means "use the default". Throws a `ConfigError` naming every bad variable.
 */
export function loadConfig(env: Env, { cwd }: { cwd: string }): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  const problems: string[] = [];
  for (const name of HOST_TRUSTING_VARIABLES) {
    if (present[name] !== undefined)
      problems.push(
        `${name}: must not be set: it makes next-auth trust the X-Forwarded-Host a client sends; NEXTAUTH_URL names the app's origin`,
      );
  }
  if (vars.NODE_ENV === 'production' && !vars.NEXTAUTH_URL) {
    problems.push(
      "NEXTAUTH_URL: required in production: the app's public origin, e.g. https://viewas.example.com (it decides redirects, the same-origin check and Secure cookies)",
    );
  }
  if (vars.LEDGER_CHECKPOINT_KEY && vars.LEDGER_CHECKPOINT_KEY_FILE)
    problems.push('LEDGER_CHECKPOINT_KEY_FILE: set the checkpoint key or the file that holds it, not both');
  if (vars.SSF_SIGNING_KEY && vars.SSF_SIGNING_KEY_FILE)
    problems.push('SSF_SIGNING_KEY_FILE: set the SET signing key or the file that holds it, not both');
  let signalReceivers: SignalReceiver[] = [];
  try {
    signalReceivers = parseSignalReceivers(vars.SSF_RECEIVERS);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  let signalIssuers: SignalIssuerConfig[] = [];
  try {
    signalIssuers = parseSignalIssuers(vars.SSF_ISSUERS);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (vars.DATABASE_MIGRATION_URL && !vars.DATABASE_URL)
    problems.push('DATABASE_MIGRATION_URL: only with DATABASE_URL (the embedded database has no roles): set both, or neither');
  let webhooks: WebhookConfig | null = null;
  try {
    webhooks = checkWebhookConfig(present['WEBHOOK_URL'], present['WEBHOOK_SECRET']);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const workspaceRoot = findWorkspaceRoot(cwd);
  const dataDir = path.resolve(workspaceRoot, vars.DATA_DIR ?? '.data');

  return {
    environment: vars.NODE_ENV,
    origin: new URL(vars.NEXTAUTH_URL ?? `http://localhost:${vars.PORT}`).origin,
    dataDir,
    database: vars.DATABASE_URL
      ? {
          kind: 'postgres',
          url: vars.DATABASE_URL,
          connectTimeoutMs: vars.DB_CONNECT_TIMEOUT_MS,
          queryTimeoutMs: vars.DB_QUERY_TIMEOUT_MS,
          poolMax: vars.DB_POOL_MAX,
          ...(vars.DATABASE_MIGRATION_URL ? { migrationUrl: vars.DATABASE_MIGRATION_URL } : {}),
        }
      : { kind: 'pglite', dataDir },
    migrationsDir: path.join(workspaceRoot, 'libs', 'impersonation-core', 'drizzle'),
    sessionSecret: vars.NEXTAUTH_SECRET,
    demoPassword: vars.DEMO_PASSWORD,
    demoSeed: vars.DEMO_SEED === 'true',
    impersonationMaxMinutes: vars.IMPERSONATION_MAX_MINUTES,
    impersonationReauthMinutes: vars.IMPERSONATION_REAUTH_MINUTES,
    supportMinAccountAgeDays: vars.SUPPORT_MIN_ACCOUNT_AGE_DAYS ?? null,
    sessionMaxAgeSeconds: vars.SESSION_MAX_AGE_SECONDS,
    clientIpHeader: vars.VIEWAS_CLIENT_IP_HEADER ?? null,
    logLevel: vars.LOG_LEVEL,
    mail: vars.SMTP_URL
      ? { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM ?? `Viewas <no-reply@${new URL(vars.NEXTAUTH_URL ?? 'http://localhost').hostname}>` }
      : null,
    webhooks,
    metricsToken: vars.METRICS_TOKEN ?? null,
    checkpointKey: vars.LEDGER_CHECKPOINT_KEY
      ? { source: 'env', value: vars.LEDGER_CHECKPOINT_KEY }
      : vars.LEDGER_CHECKPOINT_KEY_FILE
        ? { source: 'file', path: path.resolve(workspaceRoot, vars.LEDGER_CHECKPOINT_KEY_FILE) }
        : undefined,
    signalReceivers,
    signalIssuers,
    signalKey: vars.SSF_SIGNING_KEY
      ? { source: 'env', value: vars.SSF_SIGNING_KEY }
      : vars.SSF_SIGNING_KEY_FILE
        ? { source: 'file', path: path.resolve(workspaceRoot, vars.SSF_SIGNING_KEY_FILE) }
        : undefined,
  };
}
