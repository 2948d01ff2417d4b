import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { fetchLimited } from '../../lib/safe-fetch.js';
import type { ChatPeers } from '../../messaging/group-peers.js';
import { GROUP_CHAT_VERSION, NODEINFO_CHAT_METADATA } from './vocabulary.js';
import { runtimeOf } from '../runtime.js';

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

/**
 * The version of the Palchat chat vocabulary a NodeInfo document announces (metadata.palchat), 0 for none. A
 * server that announces the chat without a version speaks version 1.
 */
export function announcedChatVersion(nodeInfo: unknown): number {
  if (!isObject(nodeInfo) || !isObject(nodeInfo.metadata)) return 0;
  const palchat = nodeInfo.metadata.palchat;
  if (!isObject(palchat) || palchat.chat !== true) return 0;
  if (palchat.chatVocabulary !== NODEINFO_CHAT_METADATA.chatVocabulary) return 0;
  const version = palchat.chatVersion;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1;
}

/** Whether a NodeInfo document announces the Palchat chat vocabulary (metadata.palchat.chat). */
export function announcesPalchatChat(nodeInfo: unknown): boolean {
  return announcedChatVersion(nodeInfo) > 0;
}

/** The NodeInfo document (schema 2.0 or 2.1) of the server at `origin`, or null when it links none. */
export async function readNodeInfo(ctx: AppContext, origin: string): Promise<unknown> {
  const links = await fetchJson(ctx, `${origin}/.well-known/nodeinfo`);
  const list = isObject(links) && Array.isArray(links.links) ? links.links.filter(isObject) : [];
  const link = list.find((entry) => typeof entry.rel === 'string' && NODEINFO_SCHEMA.test(entry.rel));
  if (!link || typeof link.href !== 'string' || new URL(link.href).origin !== origin) return null;
  return fetchJson(ctx, link.href);
}

async function readPeer(ctx: AppContext, origin: string): Promise<number> {
  return announcedChatVersion(await readNodeInfo(ctx, origin));
}

/**
 * The Palchat chat vocabulary version the server of a remote account speaks (its NodeInfo says so; 0: none),
 * cached for a while in the federation KV store. Any failure answers 0: plain direct Notes work everywhere.
 */
export async function peerChatVersion(ctx: AppContext, account: Pick<AccountsTable, 'uri'>): Promise<number> {
  const runtime = runtimeOf(ctx);
  if (!runtime || !account.uri) return 0;
  const origin = new URL(account.uri).origin;
  const key = ['palchat', 'chat-peer-version', origin] as const;
  const cached = await runtime.kv.get<number>(key);
  if (typeof cached === 'number') return cached;
  const version = await readPeer(ctx, origin).catch(() => 0);
  await runtime.kv.set(key, version, { ttl: PEER_CACHE_TTL });
  return version;
}

/** Whether the server of a remote account speaks the Palchat chat vocabulary (any version). */
export async function speaksPalchatChat(
  ctx: AppContext,
  account: Pick<AccountsTable, 'uri'>,
): Promise<boolean> {
  return (await peerChatVersion(ctx, account)) > 0;
}

/** The message box's questions about other servers (messaging/group-peers.ts), answered from their NodeInfo. */
export function chatPeersOf(ctx: AppContext): ChatPeers {
  return {
    hostsGroupMembers: async (account) => (await peerChatVersion(ctx, account)) >= GROUP_CHAT_VERSION,
  };
}
