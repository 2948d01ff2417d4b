import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/index.js';
import { matchLocale, negotiateLocale, type ServerLocale } from './locales.js';

async function accountLocale(db: DbOrTx, accountId: string): Promise<ServerLocale | null> {
  try {
    const user = await db
      .selectFrom('users')
      .select('locale')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return user?.locale ? matchLocale(user.locale) : null;
  } catch {
    // the text of an error is still owed when the database is what failed
    return null;
  }
}

/**
 * The language of the server's texts for this request, as Mastodon chooses it: the signed-in account's locale
 * (session or token), else the browser's Accept-Language, else English.
 */
export async function requestLocale(db: DbOrTx, request: FastifyRequest): Promise<ServerLocale> {
  const accountId = request.viewer?.account?.id;
  const own = accountId ? await accountLocale(db, accountId) : null;
  return own ?? negotiateLocale(request.headers['accept-language']);
}

/** A sign-up's fields, the locale defaulting to the browser's (as Mastodon stores a new user's) when none is sent. */
export function withBrowserLocale(
  request: FastifyRequest,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return { locale: negotiateLocale(request.headers['accept-language']), ...fields };
}
