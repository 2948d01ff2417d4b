import os from 'node:os';
import path from 'node:path';
import type { LogLevel } from '@logtape/logtape';
import { trustedProxiesFromEnv } from './http/trusted-proxies.js';
import { s3ConfigFromEnv, type S3Config } from './media/s3-config.js';

/** LOG_LEVEL's names (pino's) and LogTape's `warning`; `off` (or `silent`) for none. */
const LEVEL_NAMES: Record<string, LogLevel | null> = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warn: 'warning',
  warning: 'warning',
  error: 'error',
  fatal: 'fatal',
  off: null,
  silent: null,
};

export const DEFAULT_FEDERATION_LOG_LEVEL = 'warn';

/** FEDERATION_LOG_LEVEL as a LogTape level (null: off); throws on a name it does not know. */
export function parseFederationLogLevel(value: string | undefined): LogLevel | null {
  const name = (value || DEFAULT_FEDERATION_LOG_LEVEL).trim().toLowerCase();
  if (!(name in LEVEL_NAMES))
    throw new Error(
      `FEDERATION_LOG_LEVEL must be one of ${Object.keys(LEVEL_NAMES).join(', ')} (got "${value}")`,
    );
  return LEVEL_NAMES[name] ?? null;
}

/**
 * PostgreSQL connections per process unless DATABASE_POOL_SIZE says otherwise: Mastodon's default (DB_POOL). One
 * event loop keeps five queries in flight easily; more connections only compete for the database's cores (on a
 * shared 2-core machine ten made a trivial request wait longer under load, for 2–6 % more throughput), and ten
 * processes then hold 50 of PostgreSQL's default 100 connections instead of all of them.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 5;

export type RegistrationsMode = 'open' | 'approval' | 'closed';

/** Where uploaded media live: a local (or shared) folder, or an S3-compatible bucket (media/storage.ts). */
export type MediaStorageKind = 'local' | 's3';

export interface Config {
  host: string;
  port: number;
  /** Public origin used in links, OAuth redirects and instance info. */
  publicUrl: string;
  localDomain: string;
  dataDir: string;
  mediaDir: string;
  mediaStorage: MediaStorageKind;
  /** MEDIA_STORAGE=s3: the bucket's settings (the S3_* variables); null for the local folder */
  s3: S3Config | null;
  /** `sqlite:<file>` / `sqlite::memory:` or a postgres:// URL. */
  databaseUrl: string;
  /** PostgreSQL only: the schema (search_path) this deployment works in; created when missing. */
  databaseSchema: string | null;
  /** PostgreSQL only: connections this process keeps in its pool. */
  databasePoolSize: number;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so that several deployments can share one Redis. */
  redisPrefix: string;
  webDistDir: string;
  /**
   * The server's secret that CSRF tokens are signed with (Mastodon's SECRET_KEY_BASE). Without it, one is
   * generated once and kept in the database, where every process of the deployment finds it.
   */
  secretKeyBase: string | null;
  trustProxy: boolean;
  /** TRUSTED_PROXY_IP: with trustProxy, the proxies whose X-Forwarded-For hops are believed (http/trusted-proxies.ts) */
  trustedProxies: string[];
  /** how long the requests started in one turn of the event loop may run before the others wait a turn */
  requestSliceMs: number;
  logLevel: string;
  /** FEDERATION_LOG_LEVEL: Fedify's own logs (LogTape) from this level up go to the server's log; null: none */
  federationLogLevel: LogLevel | null;
  rateLimit: RateLimits;
  streaming: {
    /** open streaming sockets per account, counted across processes with Redis; 0 for no cap */
    maxSocketsPerUser: number;
    /** at most one typing_start relayed per sender and conversation in this window */
    typingIntervalMs: number;
    /** how often each process re-checks the credentials of its open sockets, should a revocation be missed */
    recheckMs: number;
  };
  /** A LibreTranslate-compatible service for POST /api/v1/statuses/:id/translate; off without a URL. */
  translation: { url: string | null; apiKey: string | null; timeoutMs: number };
  /** How often ended polls are looked for, so that 'poll ended' notifications stream when polls expire. */
  pollSweepMs: number;
  /** `/health?deep=1` fails when the federation queue's oldest due message has waited longer than this */
  healthQueueMaxAgeSeconds: number;
  /** E2EE_RETENTION_DAYS: encrypted chats' ciphertext (and encrypted media) is never kept longer than this */
  e2eeRetentionDays: number;
  /** How often scheduled statuses whose time has come are looked for and published. */
  scheduledStatusSweepMs: number;
  /**
   * Private addresses (loopback, LAN) the server may read link previews and profile links from, and send Web
   * Pushes to; none by default, so a post, a profile or a push endpoint cannot make the server reach the inside
   * of its network (Mastodon's ALLOWED_PRIVATE_ADDRESSES).
   */
  allowedPrivateAddresses: string[];
  /**
   * Uploads are streamed to files in `tmpDir` (removed once handled) and at most `perUser` of one account's
   * uploads are read at a time in this process.
   */
  uploads: { tmpDir: string; perUser: number };
  federation: FederationConfig;
  remoteMedia: RemoteMediaLimits;
}

/**
 * Remote attachments, avatars and headers are copied into the media store (through the federation queue); a
 * file larger than its limit, or slower than the time limit, is not, and keeps being shown from its server.
 * Mastodon's limits are the defaults.
 */
export interface RemoteMediaLimits {
  /** REMOTE_MEDIA_MAX_IMAGE_BYTES: images (16 MiB, as local uploads) */
  imageBytes: number;
  /** REMOTE_MEDIA_MAX_VIDEO_BYTES: videos and audio (99 MiB, as local uploads) */
  videoBytes: number;
  /** REMOTE_MEDIA_MAX_PROFILE_IMAGE_BYTES: avatars and headers (8 MiB, as local ones) */
  profileImageBytes: number;
  /** REMOTE_MEDIA_FETCH_TIMEOUT_MS: one download, redirects included (30 s) */
  timeoutMs: number;
}

/** ActivityPub (federation/): what this server exposes and how it talks to other servers. */
export interface FederationConfig {
  /** FEDERATION=off makes a private server: no ActivityPub routes, no WebFinger, no deliveries */
  enabled: boolean;
  /** Why federation is off without FEDERATION=off (a local http start), for the startup log; else null */
  disabledReason: string | null;
  /** FEDERATION_ALLOW_HTTP: federate with a plain-http PUBLIC_URL and accept http actor ids (tests only) */
  allowHttp: boolean;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: fetch from and deliver to loopback and private addresses (tests only) */
  allowPrivateAddresses: boolean;
  /** AUTHORIZED_FETCH: actor, object and collection GETs need a signed request (the instance actor is exempt) */
  authorizedFetch: boolean;
  /** FEDERATION_WORKERS: queue consumers in this process (0: it only enqueues, `npm run worker` consumes) */
  workers: number;
  /** FEDERATION_QUEUE_CONCURRENCY: messages each consumer handles at the same time (deliveries, inbox work) */
  queueConcurrency: number;
  /** FEDERATION_HOST_CONCURRENCY: deliveries each consumer has in flight to one remote host at most */
  hostConcurrency: number;
  /**
   * FEDERATION_FIRST_RETRY_SECONDS: the delay before a failed delivery's first retry (default 60, doubling from
   * there). For tests only: the two-server suite shortens it so that a stopped server's backlog arrives soon.
   */
  firstRetrySeconds: number;
  /**
   * FEDERATION_CIRCUIT_RECOVERY_SECONDS: how long a server's open delivery circuit (10 failures within an hour)
   * waits before one delivery probes it again (default 60; Fedify's own default is 30 minutes, which held a
   * server's deliveries that long after a short outage)
   */
  circuitRecoverySeconds: number;
}

/** Mastodon's throttles (its rack-attack rules), with the counts configurable; the periods are Mastodon's. */
export interface RateLimits {
  /** requests under /api per 5 minutes, per access token (the web session counting as one), else per IP */
  apiPer5Minutes: number;
  /** requests under /api per 5 minutes, per account: all its tokens and sessions together */
  apiPerAccountPer5Minutes: number;
  /** POST /api/v1/media and /api/v2/media per 30 minutes, per account */
  mediaUploadsPer30Minutes: number;
  /** DELETE /api/v1/statuses/:id and POST …/unreblog per 30 minutes, per account */
  statusDeletionsPer30Minutes: number;
  /** sign-in attempts per 5 minutes, per IP and, separately, per account name (email or username) */
  signInPer5Minutes: number;
  /** sign-ups per 30 minutes per IP, the sign-up page and POST /api/v1/accounts together */
  signUpPer30Minutes: number;
  /** activities POSTed to the inboxes per 5 minutes, per remote actor (the owner of the signature's key) */
  inboxPerActorPer5Minutes: number;
  /** activities POSTed to the inboxes per 5 minutes, per remote server (the host of the signature's key) */
  inboxPerServerPer5Minutes: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Expected an integer, got "${value}"`);
  return parsed;
}

function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFromEnv(env[name], fallback);
  if (value < 1) throw new Error(`${name} must be 1 or more, got "${env[name]}"`);
  return value;
}

/** Variables of earlier versions, refused so that a deployment does not silently lose its setting. */
const RENAMED_VARIABLES: Record<string, string> = {
  RATE_LIMIT_SIGN_IN_PER_MINUTE: 'RATE_LIMIT_SIGN_IN_PER_5_MINUTES',
  RATE_LIMIT_SIGN_UP_PER_HOUR: 'RATE_LIMIT_SIGN_UP_PER_30_MINUTES',
};

function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits {
  for (const [old, replacement] of Object.entries(RENAMED_VARIABLES)) {
    if (env[old] !== undefined) throw new Error(`${old} is no longer read: set ${replacement} instead`);
  }
  const limit = (name: string, fallback: number) => {
    const value = intFromEnv(env[name], fallback);
    if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
    return value;
  };
  return {
    apiPer5Minutes: limit('RATE_LIMIT_API_PER_5_MINUTES', 300),
    apiPerAccountPer5Minutes: limit('RATE_LIMIT_API_PER_ACCOUNT_PER_5_MINUTES', 1500),
    mediaUploadsPer30Minutes: limit('RATE_LIMIT_MEDIA_UPLOADS_PER_30_MINUTES', 30),
    statusDeletionsPer30Minutes: limit('RATE_LIMIT_STATUS_DELETIONS_PER_30_MINUTES', 30),
    signInPer5Minutes: limit('RATE_LIMIT_SIGN_IN_PER_5_MINUTES', 25),
    signUpPer30Minutes: limit('RATE_LIMIT_SIGN_UP_PER_30_MINUTES', 5),
    inboxPerActorPer5Minutes: limit('RATE_LIMIT_INBOX_PER_ACTOR_PER_5_MINUTES', 300),
    inboxPerServerPer5Minutes: limit('RATE_LIMIT_INBOX_PER_SERVER_PER_5_MINUTES', 6000),
  };
}

function schemaFromEnv(value: string | undefined): string | null {
  if (!value) return null;
  // It goes into the connection's search_path option, so only plain identifiers are accepted.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) {
    throw new Error(`DATABASE_SCHEMA must be a lower-case SQL identifier (a-z, 0-9, _), got "${value}"`);
  }
  return value;
}

function mediaStorageFromEnv(value: string | undefined): MediaStorageKind {
  if (!value || value === 'local') return 'local';
  if (value === 's3') return 's3';
  throw new Error(`MEDIA_STORAGE must be "local" or "s3", got "${value}"`);
}

function booleanFromEnv(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be "true" or "false", got "${value}"`);
}

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/**
 * Federation needs an https PUBLIC_URL (other servers refuse http actor ids). A plain-http PUBLIC_URL on a
 * loopback host (or none at all) without FEDERATION set is a local `npm start`: federation defaults to off
 * there instead of refusing to start; anywhere else plain http is refused unless FEDERATION_ALLOW_HTTP=true.
 */
export function federationFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): FederationConfig {
  const setting = env.FEDERATION || undefined;
  if (setting !== undefined && setting !== 'on' && setting !== 'off') {
    throw new Error(`FEDERATION must be "on" or "off", got "${setting}"`);
  }
  const allowHttp = booleanFromEnv('FEDERATION_ALLOW_HTTP', env.FEDERATION_ALLOW_HTTP);
  const workers = intFromEnv(env.FEDERATION_WORKERS, 1);
  if (workers < 0) throw new Error(`FEDERATION_WORKERS must be 0 or more, got "${env.FEDERATION_WORKERS}"`);
  const queueConcurrency = positiveIntFromEnv(env, 'FEDERATION_QUEUE_CONCURRENCY', 64);
  const hostConcurrency = positiveIntFromEnv(env, 'FEDERATION_HOST_CONCURRENCY', 4);
  const firstRetrySeconds = positiveIntFromEnv(env, 'FEDERATION_FIRST_RETRY_SECONDS', 60);
  const circuitRecoverySeconds = positiveIntFromEnv(env, 'FEDERATION_CIRCUIT_RECOVERY_SECONDS', 60);
  const base = {
    allowHttp,
    allowPrivateAddresses: booleanFromEnv(
      'FEDERATION_ALLOW_PRIVATE_ADDRESSES',
      env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
    ),
    authorizedFetch: booleanFromEnv('AUTHORIZED_FETCH', env.AUTHORIZED_FETCH),
    workers,
    queueConcurrency,
    hostConcurrency,
    firstRetrySeconds,
    circuitRecoverySeconds,
  };
  if (setting === 'off') return { ...base, enabled: false, disabledReason: null };
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' || allowHttp) return { ...base, enabled: true, disabledReason: null };
  if (setting === undefined && (!env.PUBLIC_URL || isLoopbackHost(url.hostname))) {
    return {
      ...base,
      enabled: false,
      disabledReason:
        `federation is off: PUBLIC_URL (${publicUrl}) is plain http on this machine. Serve it over https ` +
        '(behind a TLS proxy) to federate, or set FEDERATION=off to silence this note.',
    };
  }
  throw new Error(
    `Federation needs an https PUBLIC_URL, got "${publicUrl}". Serve Palchat behind a TLS proxy and set ` +
      'PUBLIC_URL=https://…, or set FEDERATION=off for a private server (FEDERATION_ALLOW_HTTP=true is for tests only).',
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = intFromEnv(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'));
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/$/, '');
  const mediaStorage = mediaStorageFromEnv(env.MEDIA_STORAGE);
  return {
    host,
    port,
    publicUrl,
    localDomain: env.LOCAL_DOMAIN || new URL(publicUrl).host,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR || path.join(dataDir, 'media')),
    mediaStorage,
    s3: mediaStorage === 's3' ? s3ConfigFromEnv(env) : null,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'palchat.sqlite3')}`,
    databaseSchema: schemaFromEnv(env.DATABASE_SCHEMA),
    databasePoolSize: Math.max(1, intFromEnv(env.DATABASE_POOL_SIZE, DEFAULT_DATABASE_POOL_SIZE)),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'palchat:',
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    secretKeyBase: env.SECRET_KEY_BASE || null,
    trustProxy: env.TRUST_PROXY === 'true',
    trustedProxies: trustedProxiesFromEnv(env.TRUSTED_PROXY_IP),
    requestSliceMs: Math.max(0, intFromEnv(env.REQUEST_SLICE_MS, 10)),
    logLevel: env.LOG_LEVEL || 'info',
    federationLogLevel: parseFederationLogLevel(env.FEDERATION_LOG_LEVEL),
    rateLimit: rateLimitsFromEnv(env),
    streaming: {
      maxSocketsPerUser: Math.max(0, intFromEnv(env.STREAMING_SOCKETS_PER_USER, 50)),
      typingIntervalMs: Math.max(0, intFromEnv(env.STREAMING_TYPING_INTERVAL_MS, 3000)),
      recheckMs: Math.max(1000, intFromEnv(env.STREAMING_RECHECK_MS, 60_000)),
    },
    translation: {
      url: env.TRANSLATION_URL ? env.TRANSLATION_URL.replace(/\/+$/, '') : null,
      apiKey: env.TRANSLATION_API_KEY || null,
      timeoutMs: 10_000,
    },
    pollSweepMs: Math.max(100, intFromEnv(env.POLL_SWEEP_MS, 10_000)),
    healthQueueMaxAgeSeconds: Math.max(1, intFromEnv(env.HEALTH_QUEUE_MAX_AGE_SECONDS, 300)),
    e2eeRetentionDays: Math.max(1, intFromEnv(env.E2EE_RETENTION_DAYS, 30)),
    scheduledStatusSweepMs: Math.max(100, intFromEnv(env.SCHEDULED_STATUS_SWEEP_MS, 10_000)),
    allowedPrivateAddresses: (env.ALLOWED_PRIVATE_ADDRESSES ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    uploads: {
      tmpDir: path.resolve(env.UPLOAD_TMP_DIR || path.join(os.tmpdir(), 'palchat-uploads')),
      perUser: Math.max(1, intFromEnv(env.UPLOADS_PER_USER, 4)),
    },
    federation: federationFromEnv(env, publicUrl),
    remoteMedia: remoteMediaFromEnv(env),
  };
}

function remoteMediaFromEnv(env: NodeJS.ProcessEnv): RemoteMediaLimits {
  const positive = (name: string, fallback: number): number => {
    const value = intFromEnv(env[name], fallback);
    if (value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
    return value;
  };
  const MiB = 1024 * 1024;
  return {
    imageBytes: positive('REMOTE_MEDIA_MAX_IMAGE_BYTES', 16 * MiB),
    videoBytes: positive('REMOTE_MEDIA_MAX_VIDEO_BYTES', 99 * MiB),
    profileImageBytes: positive('REMOTE_MEDIA_MAX_PROFILE_IMAGE_BYTES', 8 * MiB),
    timeoutMs: positive('REMOTE_MEDIA_FETCH_TIMEOUT_MS', 30_000),
  };
}
