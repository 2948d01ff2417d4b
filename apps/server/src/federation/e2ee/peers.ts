import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { readNodeInfo } from '../chat/peers.js';
import { runtimeOf } from '../runtime.js';
import { CIPHERSUITE_NAME, DRAFT_URL } from './vocabulary.js';

const PEER_CACHE_TTL = Temporal.Duration.from({ hours: 12 });

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a NodeInfo document announces Palchat's encrypted chats (metadata.palchat.e2ee): the MLS draft with
 * our one ciphersuite. Encrypted chats across servers need the home server's ordering (docs/FEDERATION.md), so
 * another implementation of the draft without it is not a peer for chats (its key packages are still readable).
 */
export function announcesEncryptedChats(nodeInfo: unknown): boolean {
  if (!isObject(nodeInfo) || !isObject(nodeInfo.metadata)) return false;
  const palchat = nodeInfo.metadata.palchat;
  const e2ee = isObject(palchat) ? palchat.e2ee : undefined;
  return (
    isObject(e2ee) &&
    e2ee.mls === true &&
    e2ee.draft === DRAFT_URL &&
    Array.isArray(e2ee.ciphersuites) &&
    e2ee.ciphersuites.includes(CIPHERSUITE_NAME)
  );
}

export type PeerSupport = 'supported' | 'server_unsupported' | 'unreachable';

/**
 * Whether the server of a remote account has encrypted chats, from its NodeInfo, cached for a while in the
 * federation KV store; a server that cannot be read now is not cached.
 */
export async function peerEncryptionSupport(
  ctx: AppContext,
  account: Pick<AccountsTable, 'uri'>,
): Promise<PeerSupport> {
  const runtime = runtimeOf(ctx);
  if (!runtime || !account.uri) return 'server_unsupported';
  const origin = new URL(account.uri).origin;
  const key = ['palchat', 'e2ee-peer', origin] as const;
  const cached = await runtime.kv.get<boolean>(key);
  if (typeof cached === 'boolean') return cached ? 'supported' : 'server_unsupported';
  const nodeInfo = await readNodeInfo(ctx, origin).catch(() => null);
  // down, or answering errors (a proxy's 502): asked again next time
  if (nodeInfo === null) return 'unreachable';
  const supported = announcesEncryptedChats(nodeInfo);
  await runtime.kv.set(key, supported, { ttl: PEER_CACHE_TTL });
  return supported ? 'supported' : 'server_unsupported';
}
