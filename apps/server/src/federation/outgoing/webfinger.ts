import type { AppContext } from '../../context.js';
import { egressFetch } from '../../lib/egress/fetch.js';
import { MAX_DOCUMENT_BYTES, readTextCapped } from '../../lib/egress/read-body.js';
import { federationEgress, parseFetchedJson } from '../document-loader.js';

/**
 * WebFinger lookups through the vetted dispatcher, capped like every fetched document (Fedify's own
 * lookupWebFinger uses the global fetch, which resolves the name again after any check).
 */

export interface WebFingerLink {
  rel?: string;
  type?: string;
  href?: string;
}

async function fetchDescriptor(
  ctx: AppContext,
  url: string,
  signal: AbortSignal,
): Promise<{ links?: WebFingerLink[] } | null> {
  const response = await egressFetch(
    url,
    { headers: { accept: 'application/jrd+json' } },
    { ...federationEgress(ctx.config), signal },
  );
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const descriptor = parseFetchedJson(await readTextCapped(response, MAX_DOCUMENT_BYTES));
  return descriptor && typeof descriptor === 'object' ? (descriptor as { links?: WebFingerLink[] }) : null;
}

/**
 * The JRD for `acct:username@domain`, over https; with FEDERATION_ALLOW_HTTP (tests only) a server that
 * answers only over http is asked there too. Null when it cannot be had.
 */
export async function lookupWebFinger(
  ctx: AppContext,
  acct: string,
  signal: AbortSignal,
): Promise<{ links?: WebFingerLink[] } | null> {
  const host = acct.split('@')[1]!;
  const path = `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${acct}`)}`;
  const schemes = ctx.config.federation.allowHttp ? ['https', 'http'] : ['https'];
  for (const scheme of schemes) {
    const descriptor = await fetchDescriptor(ctx, `${scheme}://${host}${path}`, signal).catch(() => null);
    if (descriptor) return descriptor;
  }
  return null;
}
