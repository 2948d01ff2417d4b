import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { fetchLimited } from '../../lib/safe-fetch.js';
import { NODEINFO_CHAT_METADATA } from './vocabulary.js';

const NODEINFO_MAX_BYTES = 256 * 1024;
const PEER_CACHE_TTL = Temporal.Duration.from({ hours: 12 });
const NODEINFO_SCHEMA = /^http:\/\/nodeinfo\.diaspora\.software\/ns\/schema\/2\.[01]$/;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function fetchJson(ctx: AppContext, url: string): Promise<unknown> {
  const { federation, allowedPrivateAddresses } = ctx.config;
  const body = await fetchLimited(
    url,
    {
      // tests run stub servers on loopback (FEDERATION_ALLOW_PRIVATE_ADDRESSES)
      allowedPrivateAddresses: federation.allowPrivateAddresses
        ? [...allowedPrivateAddresses, '127.0.0.1', '::1']
        : allowedPrivateAddresses,
      userAgent: `Palchat (+${ctx.config.publicUrl})`,
    },
    (type) => type.includes('json'),
    NODEINFO_MAX_BYTES,
  );
  return body ? JSON.parse(body.data.toString('utf8')) : null;
}

/** Whether a NodeInfo document announces the Palchat chat vocabulary (metadata.palchat.chat). */
export function announcesPalchatChat(nodeInfo: unknown): boolean {
  if (!isObject(nodeInfo) || !isObject(nodeInfo.metadata)) return false;
  const palchat = nodeInfo.metadata.palchat;
  return (
    isObject(palchat) &&
    palchat.chat === true &&
    palchat.chatVocabulary === NODEINFO_CHAT_METADATA.chatVocabulary
  );
}

async function readPeer(ctx: AppContext, origin: string): Promise<boolean> {
  const links = await fetchJson(ctx, `${origin}/.well-known/nodeinfo`);
  const list = isObject(links) && Array.isArray(links.links) ? links.links.filter(isObject) : [];
  const link = list.find((entry) => typeof entry.rel === 'string' && NODEINFO_SCHEMA.test(entry.rel));
  if (!link || typeof link.href !== 'string' || new URL(link.href).origin !== origin) return false;
  return announcesPalchatChat(await fetchJson(ctx, link.href));
}

/**
 * Whether the server of a remote account speaks the Palchat chat vocabulary (its NodeInfo says so), cached for
 * a while in the federation KV store. Any failure answers false: plain direct Notes work everywhere.
 */
export async function speaksPalchatChat(
  ctx: AppContext,
  account: Pick<AccountsTable, 'uri'>,
): Promise<boolean> {
  const runtime = ctx.federation;
  if (!runtime || !account.uri) return false;
  const origin = new URL(account.uri).origin;
  const key = ['palchat', 'chat-peer', origin] as const;
  const cached = await runtime.kv.get<boolean>(key);
  if (typeof cached === 'boolean') return cached;
  const speaks = await readPeer(ctx, origin).catch(() => false);
  await runtime.kv.set(key, speaks, { ttl: PEER_CACHE_TTL });
  return speaks;
}
