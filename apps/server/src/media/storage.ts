import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';

/**
 * Where uploaded files live. Keys are relative, '/'-separated paths such as
 * `media_attachments/123456/789012/<id>.png`; they are stored in the database and served under
 * `<PUBLIC_URL>/system/<key>`.
 *
 * Only the local folder is built in (MEDIA_STORAGE=local). An S3-compatible store plugs in by implementing
 * this interface (put and putFile = PutObject, remove = DeleteObject on `<bucket>/<key>`), returning `localRoot: null`,
 * and being chosen in `createMediaStorage` for its MEDIA_STORAGE value; the load balancer or CDN then routes
 * `/system/*` to the bucket, so stored keys and public URLs stay the same.
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
}

/** Refuses keys that could leave the store's root. */
export function checkMediaKey(key: string): string {
  const parts = key.split('/');
  if (
    !key ||
    key.startsWith('/') ||
    key.includes('\\') ||
    parts.some((part) => !part || part === '..' || part === '.')
  ) {
    throw new Error(`Invalid media key "${key}"`);
  }
  return key;
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

  private fileOf(key: string): string {
    return path.join(this.localRoot, ...checkMediaKey(key).split('/'));
  }
}

export function createMediaStorage(config: Pick<Config, 'mediaStorage' | 'mediaDir'>): MediaStorage {
  switch (config.mediaStorage) {
    case 'local':
      return new LocalMediaStorage(config.mediaDir);
  }
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
