import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../src/media/s3-config.js';

/**
 * An S3-compatible server for the tests, on loopback: s3rver (npm), a small S3 written in Node that keeps
 * objects in a folder and speaks the S3 REST API (signature V4, ranges, conditional reads, path-style and
 * virtual-hosted buckets). The nearest real server the registries offer here, Debian's radosgw (Ceph 16), needs a
 * running Ceph cluster (monitor, manager and storage daemons): its SQLite-backed single-process mode ("dbstore")
 * came with Ceph 17, and Debian's build has none. So the store's code runs against s3rver through the real AWS
 * SDK, over real HTTP.
 */
export interface TestBucket {
  /** the S3_* settings of a server using it (path-style, s3rver's fixed credentials) */
  config: S3Config;
  /** the environment a server process gets for it */
  env: Record<string, string>;
  client: S3Client;
  /** an object's public URL on the bucket (s3rver serves anonymous reads, as a public bucket does) */
  objectUrl(key: string): string;
  keys(): Promise<string[]>;
  head(key: string): Promise<{ contentType?: string; cacheControl?: string; size?: number } | null>;
  bytes(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

const BUCKET = 'palchat-media';
// s3rver's only key pair
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestBucket(options: { publicUrl?: boolean } = {}): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    forcePathStyle: true,
    publicUrl: options.publicUrl ? `${endpoint}/${BUCKET}` : null,
  };
  const client = new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    config,
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...(config.publicUrl ? { S3_PUBLIC_URL: config.publicUrl } : {}),
    },
    client,
    objectUrl: (key) => `${endpoint}/${BUCKET}/${key}`,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async head(key) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
        return {
          contentType: object.ContentType,
          cacheControl: object.CacheControl,
          size: object.ContentLength,
        };
      } catch {
        return null;
      }
    },
    async bytes(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
