import type { AppContext } from '../../context.js';
import { federationEgress, fetchDocumentText, parseFetchedJson } from '../document-loader.js';

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
  const { text } = await fetchDocumentText(
    url,
    { headers: { accept: 'application/jrd+json' } },
    { ...federationEgress(ctx.config), signal },
  );
  const descriptor = parseFetchedJson(text);
  return descriptor && typeof descriptor === 'object' ? descriptor : null;
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
