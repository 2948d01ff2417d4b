import type { DocumentLoader } from '@fedify/vocab';

/** How remote objects are read: what the inbox listeners (and tests) pass along with a vocab object. */
export interface IngestOptions {
  /** FEDERATION_ALLOW_HTTP: accept http actor and object ids (tests only); https is required otherwise */
  allowHttp?: boolean;
  /** loaders for what an object only links to (an icon by id, say); Fedify's context loaders in production */
  documentLoader?: DocumentLoader;
  contextLoader?: DocumentLoader;
}

/** The id of a remote object, refused unless it is https (or http when allowed). */
export function checkRemoteId(id: URL | null, what: string, options: IngestOptions): URL {
  if (!id) throw new RemoteObjectError(`The ${what} has no id`);
  const allowed = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(id.protocol)) throw new RemoteObjectError(`The ${what} id ${id.href} is not https`);
  return id;
}

/** A remote object this server refuses to store: the inbox answers it as a bad request. */
export class RemoteObjectError extends Error {
  override name = 'RemoteObjectError';
}

/** Options for vocab's get…() accessors: embedded values only, fetched ones through the given loaders. */
export function loaderOptions(options: IngestOptions) {
  return {
    suppressError: true,
    ...(options.documentLoader ? { documentLoader: options.documentLoader } : {}),
    ...(options.contextLoader ? { contextLoader: options.contextLoader } : {}),
  };
}
