import type { DocumentLoader } from '@fedify/vocab-runtime';

/** What `refuseToFetch` throws: a lookup of embedded values only, not a failure worth logging. */
export class NotFetchedError extends Error {
  override name = 'NotFetchedError';
  constructor(url: string) {
    super(`not embedded, and not fetched: ${url}`);
  }
}

/** A document loader that never fetches: vocab's get…() accessors then answer embedded values only. */
export const refuseToFetch: DocumentLoader = (url) => Promise.reject(new NotFetchedError(url));
