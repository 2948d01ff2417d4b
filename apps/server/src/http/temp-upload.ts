import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** An uploaded file saved to a temporary file; whoever reads it removes it with `discardUpload`. */
export interface TempUpload {
  path: string;
  size: number;
  /** its first bytes (up to HEAD_BYTES, the whole file when smaller): enough to tell the type by */
  head: Buffer;
}

/** What is read before the size limit is chosen: an MP3's first two frames fit in it. */
export const HEAD_BYTES = 4096;

export interface SaveOptions {
  dir: string;
  /** the largest size accepted for a file starting with `head` (it may throw to refuse the file at once) */
  limitOf: (head: Buffer) => number;
  /** the error for a file over its limit, thrown as soon as the limit is crossed */
  tooLarge: () => Error;
  /** the error for a source that fails (a malformed or cut body) */
  unreadable: (error: unknown) => Error;
}

/**
 * Streams `source` into a new file under `dir`, never holding more than a chunk of it, and stops reading as
 * soon as it passes the limit its first bytes call for. The file is gone again when this throws.
 */
export async function saveUpload(source: AsyncIterable<Buffer>, options: SaveOptions): Promise<TempUpload> {
  await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
  const filePath = path.join(options.dir, `${randomUUID()}.upload`);
  // the folder is private; the file gets the usual mode, which the stored copy keeps
  const file = await fs.open(filePath, 'wx');
  const chunks = source[Symbol.asyncIterator]();
  const headChunks: Buffer[] = [];
  let size = 0;
  let limit: number | null = null;
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw options.unreadable(error);
      }
      if (next.done) break;
      const chunk = next.value;
      if (size < HEAD_BYTES) headChunks.push(chunk.subarray(0, HEAD_BYTES - size));
      size += chunk.length;
      if (limit === null && size >= HEAD_BYTES) limit = options.limitOf(Buffer.concat(headChunks));
      if (limit !== null && size > limit) throw options.tooLarge();
      await file.write(chunk);
    }
    const head = Buffer.concat(headChunks);
    if (limit === null && size > options.limitOf(head)) throw options.tooLarge();
    await file.close();
    return { path: filePath, size, head };
  } catch (error) {
    await file.close().catch(() => undefined);
    // stops the source: its remaining bytes are not read
    await chunks.return?.().catch(() => undefined);
    await fs.rm(filePath, { force: true });
    throw error;
  }
}

export async function discardUpload(upload: TempUpload | null | undefined): Promise<void> {
  if (upload) await fs.rm(upload.path, { force: true });
}
