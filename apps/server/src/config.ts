import path from 'node:path';

export type RegistrationsMode = 'open' | 'approval' | 'closed';

export interface Config {
  host: string;
  port: number;
  /** Public origin used in links, OAuth redirects and instance info. */
  publicUrl: string;
  localDomain: string;
  dataDir: string;
  mediaDir: string;
  /** `sqlite:<file>` / `sqlite::memory:` or a postgres:// URL. */
  databaseUrl: string;
  redisUrl: string | null;
  /** Secret used to derive session-bound tokens; generated into dataDir when absent. */
  secretKey: string | null;
  webDistDir: string;
  trustProxy: boolean;
  logLevel: string;
  rateLimit: { signInPerMinute: number; signUpPerHour: number };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Expected an integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = intFromEnv(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'));
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/$/, '');
  return {
    host,
    port,
    publicUrl,
    localDomain: env.LOCAL_DOMAIN || new URL(publicUrl).host,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR || path.join(dataDir, 'media')),
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'palchat.sqlite3')}`,
    redisUrl: env.REDIS_URL || null,
    secretKey: env.SECRET_KEY || null,
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    rateLimit: {
      signInPerMinute: intFromEnv(env.RATE_LIMIT_SIGN_IN_PER_MINUTE, 10),
      signUpPerHour: intFromEnv(env.RATE_LIMIT_SIGN_UP_PER_HOUR, 20),
    },
  };
}
