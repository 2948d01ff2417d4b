import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../db/index.js';
import type { AccountKeysTable } from '../db/schema.js';

/** The `account_keys` row of the instance actor (account ids are numeric, so it cannot clash). */
export const INSTANCE_KEYS_ID = 'instance';

export interface ActorKeyPairs {
  /** RSASSA-PKCS1-v1_5: HTTP Signatures (what Mastodon verifies) */
  rsa: webcrypto.CryptoKeyPair;
  /** Ed25519: Object Integrity Proofs (FEP-8b32), published as a Multikey assertionMethod */
  ed25519: webcrypto.CryptoKeyPair;
}

async function pairFrom(publicJwk: string, privateJwk: string): Promise<webcrypto.CryptoKeyPair> {
  const [publicKey, privateKey] = await Promise.all([
    importJwk(JSON.parse(publicJwk) as webcrypto.JsonWebKey, 'public'),
    importJwk(JSON.parse(privateJwk) as webcrypto.JsonWebKey, 'private'),
  ]);
  return { publicKey, privateKey };
}

async function pairsFromRow(row: AccountKeysTable): Promise<ActorKeyPairs> {
  const [rsa, ed25519] = await Promise.all([
    pairFrom(row.rsa_public_jwk, row.rsa_private_jwk),
    pairFrom(row.ed25519_public_jwk, row.ed25519_private_jwk),
  ]);
  return { rsa, ed25519 };
}

async function generateRow(accountId: string): Promise<AccountKeysTable> {
  // fedify types the pair with the DOM's CryptoKeyPair, which the server's type library does not include
  const [rsa, ed25519] = (await Promise.all([
    generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
    generateCryptoKeyPair('Ed25519'),
  ])) as [webcrypto.CryptoKeyPair, webcrypto.CryptoKeyPair];
  const jwk = async (key: webcrypto.CryptoKey) => JSON.stringify(await exportJwk(key));
  return {
    account_id: accountId,
    rsa_public_jwk: await jwk(rsa.publicKey),
    rsa_private_jwk: await jwk(rsa.privateKey),
    ed25519_public_jwk: await jwk(ed25519.publicKey),
    ed25519_private_jwk: await jwk(ed25519.privateKey),
    created_at: new Date().toISOString(),
  };
}

/**
 * Loads (and caches in this process) an actor's key pairs, making and storing them on first use. Two
 * processes making them at once both insert-or-ignore and read back the row that won, so an actor never
 * publishes two different keys.
 */
export class ActorKeyStore {
  private readonly cache = new Map<string, Promise<ActorKeyPairs>>();

  constructor(private readonly db: Db) {}

  keyPairsOf(accountId: string): Promise<ActorKeyPairs> {
    let pending = this.cache.get(accountId);
    if (!pending) {
      pending = this.load(accountId);
      this.cache.set(accountId, pending);
      pending.catch(() => this.cache.delete(accountId));
    }
    return pending;
  }

  private async load(accountId: string): Promise<ActorKeyPairs> {
    const existing = await this.read(accountId);
    if (existing) return pairsFromRow(existing);
    await this.db
      .insertInto('account_keys')
      .values(await generateRow(accountId))
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    const stored = await this.read(accountId);
    if (!stored) throw new Error(`The key pairs of ${accountId} were not stored`);
    return pairsFromRow(stored);
  }

  private read(accountId: string) {
    return this.db
      .selectFrom('account_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }
}
