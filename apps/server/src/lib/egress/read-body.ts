import type { ReadableStreamReadResult } from 'node:stream/web';
/** Reading a fetched body without trusting its size: streamed, and abandoned as soon as it is over the cap. */

/** ActivityPub documents, WebFinger, NodeInfo: no honest one comes near this. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  readonly code = 'EBODYTOOLARGE';
  constructor(
    readonly url: string,
    readonly maxBytes: number,
  ) {
    super(`${url} is larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The whole body of `response` when it is at most `maxBytes`; BodyTooLargeError (and the stream cancelled) if not. */
export async function readBodyCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const url = response.url;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(url, maxBytes);
  }
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = (await reader.read()) as ReadableStreamReadResult<Uint8Array>;
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(url, maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, capped as readBodyCapped. */
export async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  return (await readBodyCapped(response, maxBytes)).toString('utf8');
}
