import type { AccountField } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { Parser } from 'htmlparser2';
import { fetchLimited } from '../lib/safe-fetch.js';
import { nowIso } from '../lib/time.js';
import { parseFields } from './fields.js';

/**
 * Profile field verification as Mastodon does it: a field whose value is a web address is verified when the
 * page there links back to the profile with rel="me" (an <a> or <link> element). Pages are read in the
 * background after update_credentials answers; any failure just leaves the field unverified.
 */

/** Mastodon reads up to 1 MB of the page; a larger one is not verified. */
const MAX_PAGE_BYTES = 1024 * 1024;
const USER_AGENT = 'Palchat profile link verification';
interface DebugLog {
  debug(details: object, message: string): void;
}

/** Whether a field value is a web address on its own (only those are checked). */
export function isVerifiableLink(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
}

/** The addresses an HTML page links to with rel="me" (<a> and <link>), resolved against the page's address. */
export function relMeLinks(html: string, pageUrl: string): string[] {
  const links: string[] = [];
  // htmlparser2 (sanitize-html's parser) skips comments and script/style text, and decodes entities
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== 'a' && name !== 'link') return;
      const { rel, href } = attributes;
      if (
        !rel ||
        !href ||
        !rel
          .toLowerCase()
          .split(/[\t\n\f\r ]+/)
          .includes('me')
      )
        return;
      try {
        links.push(new URL(href.trim(), pageUrl).href);
      } catch {
        // a broken href links nowhere
      }
    },
  });
  parser.end(html);
  return links;
}

/** A URL in comparable form: no fragment, no trailing slash, case-insensitive as Mastodon compares them. */
function normalizeUrl(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`.toLowerCase();
}

/** The addresses of the profile a page may link back to: /@username and /users/username. */
export function profileUrlsOf(publicUrl: string, username: string): string[] {
  return [`${publicUrl}/@${username}`, `${publicUrl}/users/${username}`];
}

/** Whether `html` links back to one of `profileUrls` with rel="me". */
export function linksBackTo(html: string, pageUrl: string, profileUrls: readonly string[]): boolean {
  const wanted = new Set(profileUrls.map(normalizeUrl).filter((url): url is string => url !== null));
  return relMeLinks(html, pageUrl).some((link) => wanted.has(normalizeUrl(link) ?? ''));
}

const fieldKey = (field: Pick<AccountField, 'name' | 'value'>): string =>
  JSON.stringify([field.name, field.value]);

/**
 * The stored fields for a fields_attributes update: a field whose name and value did not change keeps its
 * verification, a new or changed one starts unverified.
 */
export function carryVerification(
  previous: readonly AccountField[],
  next: readonly Pick<AccountField, 'name' | 'value'>[],
): AccountField[] {
  const verified = new Map(
    previous
      .filter((field) => field.verified_at !== null)
      .map((field) => [fieldKey(field), field.verified_at]),
  );
  return next.map((field) => ({
    name: field.name,
    value: field.value,
    verified_at: verified.get(fieldKey(field)) ?? null,
  }));
}

/**
 * Checks accounts' link fields in the background, one verifier per app context. `verify` starts the checks and
 * returns a promise that never rejects; `idle()` waits for every check started (tests), and `close()` stops
 * reading pages and waits for the rest.
 */
export class ProfileLinkVerifier {
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(private readonly ctx: AppContext) {}

  /** Checks the account's unverified link fields and stores the verifications found. */
  verify(account: Pick<AccountRow, 'id' | 'username' | 'fields_json'>, log?: DebugLog): Promise<void> {
    const task = this.run(account, log)
      .catch((error: unknown) => log?.debug({ err: error }, 'profile link verification failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
    return task;
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
  }

  private async run(account: Pick<AccountRow, 'id' | 'username' | 'fields_json'>, log?: DebugLog) {
    const candidates = parseFields(account.fields_json).filter(
      (field) => field.verified_at === null && isVerifiableLink(field.value),
    );
    if (!candidates.length || this.stop.signal.aborted) return;
    const profileUrls = profileUrlsOf(this.ctx.config.publicUrl, account.username);
    const results = await Promise.all(
      candidates.map(async (field) => ((await this.linksBack(field.value, profileUrls, log)) ? field : null)),
    );
    const verified = new Set(results.filter((field) => field !== null).map(fieldKey));
    if (verified.size && !this.stop.signal.aborted) await this.store(account.id, verified);
  }

  private async linksBack(url: string, profileUrls: readonly string[], log?: DebugLog): Promise<boolean> {
    try {
      const page = await fetchLimited(
        url,
        {
          allowedPrivateAddresses: this.ctx.config.allowedPrivateAddresses,
          userAgent: USER_AGENT,
          signal: this.stop.signal,
        },
        (type) => /text\/html|application\/xhtml\+xml/i.test(type),
        MAX_PAGE_BYTES,
      );
      if (!page) {
        log?.debug({ url }, 'profile link not verified: page not readable');
        return false;
      }
      if (page.data.length >= MAX_PAGE_BYTES) {
        log?.debug({ url }, 'profile link not verified: page too large');
        return false;
      }
      return linksBackTo(page.data.toString('utf8'), page.finalUrl, profileUrls);
    } catch (error) {
      log?.debug({ url, err: error }, 'profile link not verified: fetch failed');
      return false;
    }
  }

  /**
   * Marks the verified fields that are still there unchanged. The write only lands on the fields_json it was
   * computed from, so that an update_credentials in between is not overwritten: it is read again instead.
   */
  private async store(accountId: string, verified: ReadonlySet<string>): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await this.ctx.db
        .selectFrom('accounts')
        .select('fields_json')
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (!row) return;
      const now = nowIso();
      let changed = false;
      const fields = parseFields(row.fields_json).map((field) => {
        if (field.verified_at !== null || !verified.has(fieldKey(field))) return field;
        changed = true;
        return { ...field, verified_at: now };
      });
      if (!changed) return;
      const result = await this.ctx.db
        .updateTable('accounts')
        .set({ fields_json: JSON.stringify(fields) })
        .where('id', '=', accountId)
        .where('fields_json', '=', row.fields_json)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return;
    }
  }
}

const verifiers = new WeakMap<AppContext, ProfileLinkVerifier>();

/** The context's verifier (created on first use). */
export function profileLinkVerifierFor(ctx: AppContext): ProfileLinkVerifier {
  let verifier = verifiers.get(ctx);
  if (!verifier) {
    verifier = new ProfileLinkVerifier(ctx);
    verifiers.set(ctx, verifier);
  }
  return verifier;
}
