import { kvCache, signRequest, type KvStore } from '@fedify/fedify';
import {
  FetchError,
  getRemoteDocument,
  preloadedContexts,
  type DocumentLoader,
  type RemoteDocument,
} from '@fedify/vocab-runtime';
import type { Config } from '../config.js';
import { PALCHAT_VERSION } from '../instance/limits.js';
import { egressFetch, type EgressOptions, type EgressRequest } from '../lib/egress/fetch.js';
import { FailureCache } from '../lib/egress/failure-cache.js';
import { BodyTooLargeError, MAX_DOCUMENT_BYTES, readTextCapped } from '../lib/egress/read-body.js';
import { parseGuardedJson } from './json-guard.js';
import { EXTRA_PRELOADED_CONTEXTS } from './e2ee/context.js';

/**
 * Fedify's document loaders, replaced (createFederation's documentLoaderFactory, contextLoaderFactory and
 * authenticatedDocumentLoaderFactory) so that actors, objects and keys are fetched like every other outgoing
 * request: through the vetted dispatcher (no DNS rebinding), at most 1 MiB, 10 s and 5 redirects, and not
 * again for a while after failing (anyone can name a URL as a signature's keyId).
 */

/** Where federation requests may go (FEDERATION_ALLOW_PRIVATE_ADDRESSES, ALLOWED_PRIVATE_ADDRESSES) and as whom. */
export function federationEgress(
  config: Pick<Config, 'publicUrl' | 'federation' | 'allowedPrivateAddresses'>,
) {
  return {
    allowAnyPrivateAddress: config.federation.allowPrivateAddresses,
    allowedPrivateAddresses: config.allowedPrivateAddresses,
    userAgent: `Palchat/${PALCHAT_VERSION} (+${new URL(config.publicUrl).origin}/)`,
  } satisfies EgressOptions;
}

/** Parses a fetched document within the inbox's JSON-LD limits (depth, preloaded contexts only). */
export function parseFetchedJson(text: string): unknown {
  return parseGuardedJson(text);
}

/** A fetch the remote server answered with an error status (a FetchError, as Fedify expects). */
export class HttpStatusError extends FetchError {
  constructor(
    url: string,
    readonly status: number,
  ) {
    super(url, `HTTP ${status}: ${url}`);
  }
}

/** Statuses by which a server refuses to give an object (to this signer, or to anyone): 401, 403, 404, 410. */
const REFUSALS = new Set([401, 403, 404, 410]);

/** The status of a refused fetch, or null for any other failure. */
export function refusedStatusOf(error: unknown): number | null {
  return error instanceof HttpStatusError && REFUSALS.has(error.status) ? error.status : null;
}

/** Answers that depend on who signed the fetch: another signer may get the object at once. */
const dependsOnSigner = (error: unknown): boolean =>
  error instanceof HttpStatusError && (error.status === 401 || error.status === 403);

/** A document's text, at most MAX_DOCUMENT_BYTES, with the response it came in; HttpStatusError unless 2xx. */
export async function fetchDocumentText(
  url: string,
  request: EgressRequest,
  egress: EgressOptions,
): Promise<{ response: Response; text: string }> {
  const response = await egressFetch(url, request, egress);
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpStatusError(url, response.status);
  }
  return { response, text: await readTextCapped(response, MAX_DOCUMENT_BYTES) };
}

const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

export interface LoaderOptions {
  /** where to connect, user agent, time limit (the caller's signal is added per load) */
  egress: EgressOptions;
  failures: FailureCache;
  /** signs each request as this key (authorized fetch) */
  signer?: { keyId: URL; privateKey: CryptoKey } | undefined;
}

/** Fedify's preloaded contexts and ours (the MLS draft's), from memory. */
function preloaded(url: string): RemoteDocument | null {
  const document = Object.hasOwn(preloadedContexts, url)
    ? preloadedContexts[url]
    : Object.hasOwn(EXTRA_PRELOADED_CONTEXTS, url)
      ? EXTRA_PRELOADED_CONTEXTS[url]
      : undefined;
  return document === undefined ? null : { contextUrl: null, document, documentUrl: url };
}

const isHtml = (contentType: string): boolean =>
  /^(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(contentType);

/** Failures that cost us something (a huge body, a slow server): repeated, they close the host for a while. */
const isCostly = (error: unknown): boolean =>
  error instanceof BodyTooLargeError || (error instanceof Error && error.name === 'TimeoutError');

export function createDocumentLoader(options: LoaderOptions): DocumentLoader {
  const { signer, failures } = options;
  const sign = signer
    ? (request: Request) =>
        signRequest(request, signer.privateKey, signer.keyId, { spec: 'draft-cavage-http-signatures-12' })
    : undefined;

  async function fetchDocument(url: string, signal: AbortSignal | undefined): Promise<RemoteDocument> {
    const { response, text } = await fetchDocumentText(
      url,
      { headers: { accept: ACCEPT }, ...(sign ? { sign } : {}) },
      { ...options.egress, signal },
    );
    const documentUrl = response.url || url;
    // an HTML page may name its ActivityPub alternate (a profile URL pasted into search)
    if (isHtml(response.headers.get('content-type') ?? ''))
      return getRemoteDocument(documentUrl, new Response(text, response), (alternate) =>
        load(alternate, signal ? { signal } : undefined),
      );
    return { contextUrl: null, document: parseFetchedJson(text), documentUrl };
  }

  async function load(url: string, loadOptions?: { signal?: AbortSignal }): Promise<RemoteDocument> {
    const known = preloaded(url);
    if (known) return known;
    failures.check(url);
    try {
      return await fetchDocument(url, loadOptions?.signal);
    } catch (error) {
      // the caller giving up is not the server's failure; nor is refusing this signer (another may be let in)
      if (!loadOptions?.signal?.aborted && !dependsOnSigner(error))
        failures.record(url, error, isCostly(error));
      throw error;
    }
  }
  return load;
}

/** Only the contexts Fedify preloads: a remote @context is never fetched (nor expanded at someone's command). */
export const preloadedContextLoader: DocumentLoader = async (url) => {
  const known = preloaded(url);
  if (!known) throw new FetchError(url, `remote JSON-LD contexts are not loaded: ${url}`);
  return known;
};

/**
 * `loader`, with one fetch for concurrent loads of the same URL (by the same signer, `signerKey`): a burst of
 * activities from an actor whose key is not cached yet fetches it once, not once per activity. `inFlight` is
 * shared by every loader made from one factory.
 */
export function loadingOnce(
  loader: DocumentLoader,
  inFlight: Map<string, Promise<RemoteDocument>>,
  signerKey = '',
): DocumentLoader {
  return (url, options) => {
    // a caller's own signal may abort its load: only loads without one are shared
    if (options?.signal) return loader(url, options);
    const key = `${signerKey} ${url}`;
    let loading = inFlight.get(key);
    if (!loading) {
      loading = loader(url, options).finally(() => inFlight.delete(key));
      inFlight.set(key, loading);
    }
    return loading;
  };
}

/** The three factories createFederation takes, sharing one failure cache and the loads in flight. */
export function federationLoaderFactories(egress: EgressOptions, kv: KvStore) {
  const failures = new FailureCache();
  const inFlight = new Map<string, Promise<RemoteDocument>>();
  const documentLoader = kvCache({
    loader: loadingOnce(createDocumentLoader({ egress, failures }), inFlight),
    kv,
  });
  return {
    documentLoaderFactory: () => documentLoader,
    contextLoaderFactory: () => preloadedContextLoader,
    // signed fetches are not cached: what they answer depends on who asks
    authenticatedDocumentLoaderFactory: (identity: { keyId: URL; privateKey: CryptoKey }) =>
      loadingOnce(
        createDocumentLoader({ egress, failures, signer: identity }),
        inFlight,
        identity.keyId.href,
      ),
  };
}
