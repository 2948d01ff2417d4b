import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { mediaBaseUrl } from './urls.js';

const s3Env = {
  MEDIA_STORAGE: 's3',
  S3_BUCKET: 'palchat-media',
  S3_ENDPOINT: 'https://s3.example.net',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('MEDIA_STORAGE and the S3_* variables', () => {
  it('keeps the local folder by default, and ignores S3_* then', () => {
    const config = loadConfig({ S3_BUCKET: 'whatever' });
    expect(config).toMatchObject({ mediaStorage: 'local', s3: null });
    expect(mediaBaseUrl(config)).toBe(`${config.publicUrl}/system`);
  });

  it('reads the bucket, endpoint, region, credentials, path style and public URL', () => {
    const config = loadConfig({
      ...s3Env,
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://media.example.net/palchat/',
    });
    expect(config.s3).toEqual({
      bucket: 'palchat-media',
      endpoint: 'https://s3.example.net',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://media.example.net/palchat',
    });
    expect(mediaBaseUrl(config)).toBe('https://media.example.net/palchat');
  });

  it('defaults to us-east-1, virtual-hosted buckets, the SDK’s own credentials and files served here', () => {
    const config = loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'palchat-media' });
    expect(config.s3).toEqual({
      bucket: 'palchat-media',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      publicUrl: null,
    });
    expect(mediaBaseUrl(config)).toBe(`${config.publicUrl}/system`);
  });

  it.each([
    [{ MEDIA_STORAGE: 'gcs' }, 'MEDIA_STORAGE must be "local" or "s3", got "gcs"'],
    [{ ...s3Env, S3_BUCKET: '' }, 'MEDIA_STORAGE=s3 needs S3_BUCKET'],
    [{ ...s3Env, S3_BUCKET: 'Has/Slash' }, 'S3_BUCKET must be 3 to 63 lower-case letters'],
    [{ ...s3Env, S3_ENDPOINT: 's3.example.net' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ ...s3Env, S3_ENDPOINT: 'ftp://s3.example.net' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ ...s3Env, S3_PUBLIC_URL: 'https://cdn.example/?a=1' }, 'S3_PUBLIC_URL must have no query'],
    [{ ...s3Env, S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ ...s3Env, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be "true" or "false"'],
  ])('refuses to start on a mistake: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
