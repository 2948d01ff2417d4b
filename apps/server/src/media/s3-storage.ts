import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { checkMediaKey } from './keys.js';
import type { S3Config } from './s3-config.js';
import type { MediaStorage } from './storage.js';

/**
 * Every key names one file for good (a new file gets a new key), so browsers and CDNs may keep them: Mastodon's
 * Cache-Control for its bucket.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a read of a stored file answers: its status (200, 206, 304), headers, and the bytes when any. */
export interface StoredFileResponse {
  status: number;
  headers: Record<string, string>;
  body: Readable | null;
}

/** The conditions of a browser's request that the bucket answers for us. */
export interface ReadConditions {
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
}

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

function headersOf(object: GetObjectCommandOutput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': object.ContentType ?? 'application/octet-stream',
    'cache-control': object.CacheControl ?? MEDIA_CACHE_CONTROL,
    'accept-ranges': 'bytes',
  };
  if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
  if (object.ContentRange) headers['content-range'] = object.ContentRange;
  if (object.ETag) headers.etag = object.ETag;
  if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
  return headers;
}

/**
 * Files in an S3-compatible bucket (MEDIA_STORAGE=s3), one object per key, with the file's type and
 * MEDIA_CACHE_CONTROL. Uploads are streamed from their temporary file with a known length (PutObject), never
 * read into memory.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3';
  readonly localRoot = null;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // checksums only where S3 asks for them: most S3-compatible servers refuse the SDK's default
      // aws-chunked bodies with trailing checksums
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.send(key, data, data.length, contentType);
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    const { size } = await fs.promises.stat(sourcePath);
    await this.send(key, fs.createReadStream(sourcePath), size, contentType);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }));
  }

  /** The object's ETag and size, or null when the bucket has no such key. */
  async head(key: string): Promise<{ etag: string; size: number } | null> {
    try {
      const object = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }),
      );
      return { etag: object.ETag ?? '', size: object.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async versionOf(key: string): Promise<string | null> {
    return (await this.head(key))?.etag ?? null;
  }

  async read(key: string): Promise<Buffer> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }),
    );
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  /**
   * A stored file as this server answers a browser for it (a range, a revalidation), or null when there is no
   * such file. A range outside the file answers 416.
   */
  async open(key: string, conditions: ReadConditions = {}): Promise<StoredFileResponse | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checkMediaKey(key),
          Range: conditions.range,
          IfNoneMatch: conditions.ifNoneMatch,
        }),
      );
      const headers = headersOf(object);
      return { status: object.ContentRange ? 206 : 200, headers, body: object.Body as Readable };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status === 304 || status === 416) return { status, headers: {}, body: null };
      throw error;
    }
  }

  private async send(key: string, body: Buffer | Readable, length: number, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkMediaKey(key),
        Body: body,
        ContentLength: length,
        ContentType: contentType,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }
}
