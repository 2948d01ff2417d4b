import { findAccountsByIds } from '../accounts/store.js';
import { accountUri } from '../accounts/serializer.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { RemoteEncryptionSupport } from '../federation-port.js';
import type { E2eeKeyPackagesTable } from '../db/schema.js';
import { transactionWithEvents } from '../events/transaction.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { requireOwnDevice } from './devices.js';
import { FramingError, fromBase64, readKeyPackage } from './framing.js';
import * as store from './store.js';
import { verbatimText } from '../i18n/format.js';

/** The directory (docs/E2EE-API.md, "Key packages"): each device's pool, each key package handed out once. */

export const MAX_STORED_KEY_PACKAGES = 50;

export const KeyPackageText = {
  invalid: 'Invalid key package',
  wrongIdentity: "The key package's credential is not this account's",
  wrongKey: "The key package's signature key is not this device's",
  duplicate: 'This key package was uploaded already',
  tooMany: `A device keeps at most ${MAX_STORED_KEY_PACKAGES} key packages`,
} as const;

export type UnavailableReason = 'no_devices' | 'server_unsupported' | 'unreachable';

export interface ClaimResult {
  key_packages: { account_id: string; device_id: string | null; key_package: string }[];
  unavailable: { account_id: string; reason: UnavailableReason }[];
}

async function checkedKeyPackage(
  encoded: string,
  identity: string,
  signatureKey: string,
): Promise<{ ref: string; signatureKey: string }> {
  try {
    const framing = await readKeyPackage(fromBase64(encoded));
    if (framing.identity !== identity) throw unprocessable(verbatimText(KeyPackageText.wrongIdentity));
    const key = Buffer.from(framing.signatureKey).toString('base64');
    if (key !== signatureKey) throw unprocessable(verbatimText(KeyPackageText.wrongKey));
    return { ref: framing.ref, signatureKey: Buffer.from(framing.signatureKey).toString('hex') };
  } catch (error) {
    if (error instanceof FramingError)
      throw unprocessable(verbatimText(`${KeyPackageText.invalid}: ${error.message}`));
    throw error;
  }
}

/** Every key package is checked before any is stored: one bad one and none is. */
export async function uploadKeyPackages(
  ctx: AppContext,
  viewer: AccountRow,
  deviceId: string,
  encoded: readonly string[],
): Promise<{ key_packages_available: number }> {
  const device = await requireOwnDevice(ctx.db, viewer.id, deviceId);
  const identity = accountUri(ctx, viewer);
  const checked = [];
  for (const item of encoded)
    checked.push(await checkedKeyPackage(item, identity, device.signature_public_key));
  const refs = checked.map((item) => item.ref);
  if (new Set(refs).size !== refs.length || (await store.existingKeyPackageRefs(ctx.db, refs)).length > 0)
    throw unprocessable(verbatimText(KeyPackageText.duplicate));
  const now = nowIso();
  const rows: E2eeKeyPackagesTable[] = checked.map((item, index) => ({
    id: newId(),
    account_id: viewer.id,
    device_id: deviceId,
    key_package: encoded[index] ?? '',
    ref: item.ref,
    signature_key: item.signatureKey,
    remote_uri: null,
    created_at: now,
    claimed_at: null,
    claimed_by: null,
  }));
  return transactionWithEvents(ctx, async (tx, emit) => {
    const { free } = await store.countKeyPackagesOfDevice(tx, deviceId);
    if (free + rows.length > MAX_STORED_KEY_PACKAGES)
      throw unprocessable(verbatimText(KeyPackageText.tooMany));
    await store.insertKeyPackages(tx, rows);
    await emit({ type: 'E2eeKeyPackagesChanged', accountId: viewer.id, added: rows, removed: [] });
    // a device with no key package left could not be added to chats: now it can (its first upload, or a refill)
    if (free === 0) await emit({ type: 'E2eeDeviceAdded', device });
    return { key_packages_available: free + rows.length };
  });
}

/** Whether each account can be in an encrypted chat now (without claiming anything). */
export async function eligibility(
  ctx: AppContext,
  accountIds: readonly string[],
): Promise<{ account_id: string; supported: boolean; reason?: UnavailableReason }[]> {
  const accounts = await findAccountsByIds(ctx.db, [...new Set(accountIds)]);
  const remote = accounts.filter((account) => account.domain);
  const support =
    remote.length > 0 ? await remoteSupport(ctx, remote) : new Map<string, UnavailableReason | null>();
  const answers = [];
  for (const account of accounts) {
    const reason = account.domain ? support.get(account.id) : await localReason(ctx, account.id);
    answers.push(
      reason
        ? { account_id: account.id, supported: false, reason }
        : { account_id: account.id, supported: true },
    );
  }
  return answers;
}

async function localReason(ctx: AppContext, accountId: string): Promise<UnavailableReason | null> {
  const devices = await store.activeDevicesOf(ctx.db, accountId);
  return devices.some((device) => device.key_packages_available > 0) ? null : 'no_devices';
}

/** Remote accounts: their server must announce the draft, and their directory have key packages. */
async function remoteSupport(
  ctx: AppContext,
  accounts: readonly AccountRow[],
): Promise<Map<string, UnavailableReason | null>> {
  const ids = accounts.map((account) => account.id);
  const announced =
    (await ctx.federation?.encryptionSupport?.(ids)) ?? new Map<string, RemoteEncryptionSupport>();
  const answers = new Map<string, UnavailableReason | null>();
  for (const id of ids) {
    const support = announced.get(id) ?? 'server_unsupported';
    if (support !== 'supported') answers.set(id, support);
    else answers.set(id, (await store.remoteSignatureKeysOf(ctx.db, id)).length > 0 ? null : 'no_devices');
  }
  return answers;
}

/**
 * One key package per device of each account (a remote account's: per signature key in the cached directory),
 * each claimed atomically so that no two claims get the same one.
 */
export async function claimKeyPackages(
  ctx: AppContext,
  viewer: AccountRow,
  input: { account_ids: string[]; exclude_device_ids: string[] },
): Promise<ClaimResult> {
  const accounts = await findAccountsByIds(ctx.db, [...new Set(input.account_ids)]);
  const remote = accounts.filter((account) => account.domain);
  const support =
    remote.length > 0 ? await remoteSupport(ctx, remote) : new Map<string, UnavailableReason | null>();
  const refresh = remote.filter(
    (account) => support.get(account.id) === null || support.get(account.id) === 'no_devices',
  );
  if (refresh.length > 0)
    await ctx.federation?.claimRemoteKeyPackages?.(refresh.map((account) => account.id));
  const excluded = new Set(input.exclude_device_ids);
  const now = nowIso();
  const result: ClaimResult = { key_packages: [], unavailable: [] };
  const claimed: E2eeKeyPackagesTable[] = [];
  for (const account of accounts) {
    const reason = account.domain ? support.get(account.id) : null;
    if (reason && reason !== 'no_devices') {
      result.unavailable.push({ account_id: account.id, reason });
      continue;
    }
    const owners = account.domain
      ? (await store.remoteSignatureKeysOf(ctx.db, account.id)).map((signatureKey) => ({
          accountId: account.id,
          signatureKey,
        }))
      : (await store.activeDevicesAmong(ctx.db, [account.id]))
          .filter((device) => !excluded.has(device.id))
          .map((device) => ({ deviceId: device.id }));
    let found = 0;
    for (const owner of owners) {
      const row = await store.claimKeyPackage(ctx.db, owner, viewer.id, now);
      if (!row) continue;
      found += 1;
      claimed.push(row);
      result.key_packages.push({
        account_id: account.id,
        device_id: row.device_id,
        key_package: row.key_package,
      });
    }
    if (found === 0 && account.id !== viewer.id)
      result.unavailable.push({ account_id: account.id, reason: 'no_devices' });
  }
  return result;
}
