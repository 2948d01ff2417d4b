import type { AppContext } from '../../context.js';
import { freeLocalKeyPackagesOf } from '../../e2ee/store.js';
import { keyPackageUri } from './uris.js';

/** The ids of a local person's currently valid KeyPackage objects (their devices' unclaimed key packages). */
export async function keyPackageIdsOf(
  ctx: AppContext,
  account: { id: string; username: string },
): Promise<string[]> {
  const rows = await freeLocalKeyPackagesOf(ctx.db, account.id);
  return rows.map((row) => keyPackageUri(ctx, account.username, row.id));
}
