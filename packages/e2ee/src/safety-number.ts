/**
 * A chat's safety number: a pure function of its membership as the local MLS group state sees it (each leaf's
 * actor URI and signature key). Every member of the same epoch's membership computes the same number; it
 * changes when a device joins or leaves, so comparing it out of band detects a server that slipped in a key.
 */
import { toHex, utf8 } from './bytes.js';

export interface SafetyMember {
  actorUri: string;
  signaturePublicKey: Uint8Array;
}

const VERSION = utf8('palchat-safety-number-v1');

/** 60 digits in 12 groups of 5, from SHA-512 over the sorted, length-prefixed (identity, key) pairs. */
export async function safetyNumber(members: SafetyMember[]): Promise<string> {
  const entries = members
    .map((m) => ({
      uri: utf8(m.actorUri),
      key: m.signaturePublicKey,
      sortKey: `${m.actorUri}\n${toHex(m.signaturePublicKey)}`,
    }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const parts: Uint8Array[] = [VERSION];
  for (const entry of entries) parts.push(lengthPrefixed(entry.uri), lengthPrefixed(entry.key));
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-512', concat(parts)));
  const groups: string[] = [];
  for (let i = 0; i < 12; i++) {
    let value = 0;
    for (let j = 0; j < 5; j++) value = value * 256 + digest[i * 5 + j]!;
    groups.push(String(value % 100_000).padStart(5, '0'));
  }
  return groups.join(' ');
}

function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
