/** MEDIA_STORAGE=s3: the bucket media live in, and how to reach it (README, "Media on an object store"). */
export interface S3Config {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible service's URL; null for AWS itself (the region's endpoint) */
  endpoint: string | null;
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null: the AWS SDK's default chain (environment, instance role) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` */
  forcePathStyle: boolean;
  /**
   * S3_PUBLIC_URL, without a trailing slash: media URLs are `<publicUrl>/<key>` (the bucket's website, a CDN);
   * null: they stay `PUBLIC_URL/system/<key>` and this server streams them from the bucket.
   */
  publicUrl: string | null;
}

const DEFAULT_REGION = 'us-east-1';

function httpUrlFromEnv(name: string, value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  if (url.search || url.hash) throw new Error(`${name} must have no query or fragment, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** The S3_* variables, checked: a mistake stops the server at start with the variable's name. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config {
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET (the bucket media are stored in)');
  // S3's rule for bucket names; a name with a dot cannot be reached over https in virtual-hosted style
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be 3 to 63 lower-case letters, digits, dots or hyphens, got "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`S3_FORCE_PATH_STYLE must be "true" or "false", got "${pathStyle}"`);
  return {
    bucket,
    endpoint: httpUrlFromEnv('S3_ENDPOINT', env.S3_ENDPOINT),
    region: env.S3_REGION || DEFAULT_REGION,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle === 'true',
    publicUrl: httpUrlFromEnv('S3_PUBLIC_URL', env.S3_PUBLIC_URL),
  };
}
