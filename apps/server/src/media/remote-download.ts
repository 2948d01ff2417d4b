import type { AppContext } from '../context.js';
import { saveUpload, type TempUpload } from '../http/temp-upload.js';
import { PALCHAT_VERSION } from '../instance/limits.js';
import { fetchChecked } from '../lib/safe-fetch.js';

/** A remote file this server will not copy (refused address, gone, too large, not a media type): no retry. */
export class NotCacheable extends Error {
  override name = 'NotCacheable';
}

/**
 * Downloads a remote file into a temporary file (the caller discards it) through the safe fetch: no private
 * address unless the configuration allows it, REMOTE_MEDIA_FETCH_TIMEOUT_MS for the whole download, and at
 * most `limitOf(head)` bytes for a file starting with `head` (it may throw NotCacheable for content it does not
 * take). Throws NotCacheable when the file will not be copied, any other error when a later try may work (the
 * server failed or timed out).
 */
export async function downloadRemoteFile(
  ctx: AppContext,
  url: string,
  limitOf: (head: Buffer) => number,
): Promise<TempUpload> {
  const { config } = ctx;
  const response = await fetchChecked(url, {
    allowedPrivateAddresses: config.allowedPrivateAddresses,
    allowAnyPrivateAddress: config.federation.allowPrivateAddresses,
    timeoutMs: config.remoteMedia.timeoutMs,
    userAgent: `Palchat/${PALCHAT_VERSION} (+${config.publicUrl})`,
  });
  if (!response) throw new NotCacheable(`${url} may not be read from here`);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    const retryLater = response.status >= 500 || response.status === 429 || response.status === 408;
    const message = `${url} answered ${response.status}`;
    throw retryLater ? new Error(message) : new NotCacheable(message);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const largest = Math.max(config.remoteMedia.imageBytes, config.remoteMedia.videoBytes);
  if (declared > largest) {
    await response.body.cancel();
    throw new NotCacheable(`${url} is larger than any remote media limit (${declared} bytes)`);
  }
  return saveUpload(chunksOf(response.body), {
    dir: config.uploads.tmpDir,
    limitOf,
    tooLarge: () => new NotCacheable(`${url} is larger than its remote media limit`),
    unreadable: (error) => error as Error,
  });
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of body) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
