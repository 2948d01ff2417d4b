import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { checkMediaKey } from './keys.js';
import { S3MediaStorage } from './s3-storage.js';

/**
 * Where uploaded files live. Keys are relative, '/'-separated paths such as
 * `media_attachments/123456/789012/<id>.png`; they are stored in the database, and their public URL is
 * `<PUBLIC_URL>/system/<key>` (or `<S3_PUBLIC_URL>/<key>`: media/urls.ts).
 *
 * MEDIA_STORAGE=local keeps them in MEDIA_DIR, served by this process; MEDIA_STORAGE=s3 in a bucket
 * (media/s3-storage.ts), served by the bucket or a CDN in front of it, or streamed from it under /system/.
 */
export interface MediaStorage {
  readonly kind: string;
  /** The folder this process serves under /system/, or null when the store serves its files itself. */
  readonly localRoot: string | null;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a copy of a local file (an upload saved to a temporary file), without reading it into memory. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** Removing a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /** A token that changes when the file does (its modification time, its ETag), or null when there is none. */
  versionOf(key: string): Promise<string | null>;
  /** The whole file, in memory: for small files only (the site thumbnail). */
  read(key: string): Promise<Buffer>;
}

/** Files under a local folder (MEDIA_DIR): one machine, or several sharing that folder (NFS and the like). */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(readonly localRoot: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.copyFile(sourcePath, file);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async versionOf(key: string): Promise<string | null> {
    const stats = await fs.stat(this.fileOf(key)).catch(() => null);
    return stats ? String(stats.mtimeMs) : null;
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.fileOf(key));
  }

  private fileOf(key: string): string {
    return path.join(this.localRoot, ...checkMediaKey(key).split('/'));
  }
}

export function createMediaStorage(config: Pick<Config, 'mediaStorage' | 'mediaDir' | 's3'>): MediaStorage {
  if (config.mediaStorage === 's3') {
    if (!config.s3) throw new Error('MEDIA_STORAGE=s3 needs the S3_* settings');
    return new S3MediaStorage(config.s3);
  }
  return new LocalMediaStorage(config.mediaDir);
}

const defaults = new WeakMap<AppContext, MediaStorage>();

/** The context's store; a context built without one (tests, tools) gets the local folder of its config. */
export function mediaStorageFor(ctx: AppContext): MediaStorage {
  if (ctx.media) return ctx.media;
  let storage = defaults.get(ctx);
  if (!storage) {
    storage = createMediaStorage(ctx.config);
    defaults.set(ctx, storage);
  }
  return storage;
}
