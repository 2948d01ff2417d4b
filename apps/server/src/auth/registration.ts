import { z } from 'zod';
import { newAccountState } from '../accounts/new-account.js';
import { findLocalAccountByUsername, insertAccount } from '../accounts/store.js';
import type { Db, DbOrTx } from '../db/index.js';
import type { AccountsTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { RegistrationsMode } from '../config.js';
import { emailSignUpVerdict, ipBlockSeverity } from '../moderation/server-blocks.js';
import { notifyStaff } from '../moderation/staff-notifications.js';
import { hashPassword } from './passwords.js';
import type { Role } from './permissions.js';
import type { AccountRow } from './viewer.js';
import { verbatimText } from '../i18n/format.js';

export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 accepts more, but nobody types more and it bounds the hashing work per request */
export const PASSWORD_MAX_LENGTH = 128;
export const REASON_MAX_LENGTH = 500;

/** Names that would impersonate the server or its staff, or collide with routes. */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'support',
  'help',
  'staff',
  'moderator',
  'moderators',
  'mod',
  'system',
  'security',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'noreply',
  'no_reply',
  'info',
  'owner',
  'official',
  'palchat',
  'mastodon',
  'api',
  'auth',
  'oauth',
  'settings',
]);

export type RegistrationField =
  'username' | 'email' | 'password' | 'password_confirmation' | 'agreement' | 'reason' | 'locale';
const FIELD_ORDER: RegistrationField[] = [
  'username',
  'email',
  'password',
  'password_confirmation',
  'agreement',
  'reason',
  'locale',
];

/** How Rails names each attribute in a full message (`Validation failed: Email can't be blank`). */
const FIELD_LABELS: Record<RegistrationField, string> = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  password_confirmation: 'Password confirmation',
  agreement: 'Agreement',
  reason: 'Reason',
  locale: 'Locale',
};

/** Mastodon's error codes for validation details (API clients show or map them). */
export type RegistrationErrorCode =
  | 'ERR_BLANK'
  | 'ERR_INVALID'
  | 'ERR_TOO_LONG'
  | 'ERR_TOO_SHORT'
  | 'ERR_TAKEN'
  | 'ERR_RESERVED'
  | 'ERR_ACCEPTED'
  | 'ERR_CONFIRMATION'
  | 'ERR_BLOCKED'
  | 'ERR_INCLUSION';

export interface RegistrationIssue {
  code: RegistrationErrorCode;
  /** the sign-up page's and the CLI's sentence */
  message: string;
  /** Rails' message for the code, without the attribute (Mastodon's `description`) */
  description: string;
}
export type RegistrationIssues = Partial<Record<RegistrationField, RegistrationIssue[]>>;

/** Validation failures of a sign-up, per field, in form order. */
export class RegistrationInvalid extends Error {
  constructor(readonly issues: RegistrationIssues) {
    super(firstIssueMessage(issues));
    this.name = 'RegistrationInvalid';
  }

  /** The sign-up page's shape: `{ error, details: { field: [message] } }`. */
  toPageError(): ApiError {
    const details: Record<string, string[]> = {};
    for (const [field, issues] of orderedIssues(this.issues)) details[field] = issues.map((i) => i.message);
    return new ApiError(422, verbatimText(this.message), undefined, { details });
  }

  /** Mastodon's shape: `{ error: 'Validation failed: …', details: { field: [{ error, description }] } }`. */
  toMastodonError(): ApiError {
    const details: Record<string, { error: string; description: string }[]> = {};
    const messages: string[] = [];
    for (const [field, issues] of orderedIssues(this.issues)) {
      details[field] = issues.map((issue) => ({ error: issue.code, description: issue.description }));
      messages.push(...issues.map((issue) => `${FIELD_LABELS[field]} ${issue.description}`));
    }
    return new ApiError(422, verbatimText(`Validation failed: ${messages.join(', ')}`), undefined, {
      details,
    });
  }
}

function orderedIssues(issues: RegistrationIssues): [RegistrationField, RegistrationIssue[]][] {
  return FIELD_ORDER.flatMap((field) => {
    const list = issues[field];
    return list && list.length > 0 ? [[field, list] as [RegistrationField, RegistrationIssue[]]] : [];
  });
}

function firstIssueMessage(issues: RegistrationIssues): string {
  return orderedIssues(issues)[0]?.[1][0]?.message ?? 'Validation failed';
}

export class RegistrationsClosed extends ApiError {
  constructor() {
    super(403, 'auth.registrations_closed');
  }
}

/** Raw sign-up input as it arrives (JSON or form); anything not a string counts as empty. */
export interface RegistrationInput {
  username?: unknown;
  email?: unknown;
  password?: unknown;
  password_confirmation?: unknown;
  agreement?: unknown;
  reason?: unknown;
  locale?: unknown;
}

export interface RegistrationOptions {
  mode: RegistrationsMode;
  /** the sign-up page asks for the password twice; Mastodon's API does not */
  requireConfirmation: boolean;
  /** the client's address, checked against the admin's IP blocks */
  ip?: string;
  /** the OAuth app signing the account up through the API (the admin `sources` dimension counts them) */
  appId?: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const accepted = (value: unknown): boolean =>
  value === true || value === 1 || (typeof value === 'string' && ['true', '1', 'on', 'yes'].includes(value));
const emailSchema = z.email();
const localeSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/);

/** Rails' default messages (activerecord errors), as Mastodon's `description`s say them. */
const RAILS = {
  blank: "can't be blank",
  invalid: 'is invalid',
  taken: 'has already been taken',
  accepted: 'must be accepted',
  confirmation: "doesn't match Password",
  inclusion: 'is not included in the list',
  tooLong: (count: number) => `is too long (maximum is ${count} characters)`,
  tooShort: (count: number) => `is too short (minimum is ${count} characters)`,
};

export interface NormalizedRegistration {
  username: string;
  email: string;
  password: string;
  reason: string;
  locale: string;
}

/** Format checks that need no database. */
export function checkRegistrationFormat(
  input: RegistrationInput,
  options: RegistrationOptions,
): { value: NormalizedRegistration; issues: RegistrationIssues } {
  const issues: RegistrationIssues = {};
  const add = (
    field: RegistrationField,
    code: RegistrationErrorCode,
    message: string,
    description: string,
  ) => {
    (issues[field] ??= []).push({ code, message, description });
  };
  const username = text(input.username).trim();
  const email = text(input.email).trim();
  const password = text(input.password);
  const reason = text(input.reason).trim();
  const givenLocale = text(input.locale);
  const locale = localeSchema.safeParse(givenLocale).success ? givenLocale : 'en';

  if (!username) add('username', 'ERR_BLANK', "Username can't be blank", RAILS.blank);
  else if (!/^[A-Za-z0-9_]+$/.test(username)) {
    const rule = 'must contain only letters, numbers and underscores';
    add('username', 'ERR_INVALID', `Username ${rule}`, rule);
  } else if (username.length > USERNAME_MAX_LENGTH)
    add(
      'username',
      'ERR_TOO_LONG',
      `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
      RAILS.tooLong(USERNAME_MAX_LENGTH),
    );
  else if (RESERVED_USERNAMES.has(username.toLowerCase()))
    add('username', 'ERR_RESERVED', 'Username is reserved', 'is reserved');

  if (!email) add('email', 'ERR_BLANK', "Email can't be blank", RAILS.blank);
  else if (email.length > 254 || !emailSchema.safeParse(email).success)
    add('email', 'ERR_INVALID', 'Email is invalid', RAILS.invalid);

  if (!password) add('password', 'ERR_BLANK', "Password can't be blank", RAILS.blank);
  else if (password.length < PASSWORD_MIN_LENGTH)
    add(
      'password',
      'ERR_TOO_SHORT',
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      RAILS.tooShort(PASSWORD_MIN_LENGTH),
    );
  else if (password.length > PASSWORD_MAX_LENGTH)
    add(
      'password',
      'ERR_TOO_LONG',
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      RAILS.tooLong(PASSWORD_MAX_LENGTH),
    );

  if (options.requireConfirmation && text(input.password_confirmation) !== password)
    add(
      'password_confirmation',
      'ERR_CONFIRMATION',
      'Password confirmation does not match',
      RAILS.confirmation,
    );

  if (!accepted(input.agreement))
    add(
      'agreement',
      'ERR_ACCEPTED',
      'You must agree to the server rules and terms of service',
      RAILS.accepted,
    );

  if (options.mode === 'approval' && !reason)
    add('reason', 'ERR_BLANK', 'Please tell us why you want to join', RAILS.blank);
  else if (reason.length > REASON_MAX_LENGTH)
    add(
      'reason',
      'ERR_TOO_LONG',
      `Reason must be at most ${REASON_MAX_LENGTH} characters`,
      RAILS.tooLong(REASON_MAX_LENGTH),
    );

  // a locale that is given must be one (Mastodon: inclusion in its available locales); none means English
  if (givenLocale && locale !== givenLocale)
    add('locale', 'ERR_INCLUSION', 'Locale is not a supported language', RAILS.inclusion);

  return { value: { username, email, password, reason, locale }, issues };
}

/** Adds ERR_TAKEN for a username or an e-mail address in use (fields without a format problem only). */
export async function checkUniqueness(db: DbOrTx, value: NormalizedRegistration, issues: RegistrationIssues) {
  if (!issues.username) {
    const taken = await findLocalAccountByUsername(db, value.username);
    if (taken)
      (issues.username ??= []).push({
        code: 'ERR_TAKEN',
        message: 'Username is already taken',
        description: RAILS.taken,
      });
  }
  if (!issues.email) {
    const taken = await db
      .selectFrom('users')
      .select('account_id')
      .where('email_lower', '=', value.email.toLowerCase())
      .executeTakeFirst();
    if (taken)
      (issues.email ??= []).push({
        code: 'ERR_TAKEN',
        message: 'Email is already taken',
        description: RAILS.taken,
      });
  }
}

export interface NewLocalAccount {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  approved: boolean;
  reason: string;
  locale: string;
  createdByAppId?: string | null;
}

/** Writes the account and its user row; call inside a transaction. */
export async function insertLocalAccount(tx: DbOrTx, input: NewLocalAccount): Promise<AccountRow> {
  const now = nowIso();
  const account: AccountsTable = {
    ...newAccountState(now),
    id: newId(),
    username: input.username,
    username_lower: input.username.toLowerCase(),
    role: input.role,
    approved: input.approved ? 1 : 0,
  };
  await insertAccount(tx, account);
  await tx
    .insertInto('users')
    .values({
      account_id: account.id,
      email: input.email,
      email_lower: input.email.toLowerCase(),
      password_hash: input.passwordHash,
      locale: input.locale,
      settings_json: '{}',
      sign_up_reason: input.reason,
      created_at: now,
      current_sign_in_at: null,
      created_by_app_id: input.createdByAppId ?? null,
    })
    .execute();
  return account;
}

export interface Registration {
  account: AccountRow;
  /** true when the account waits for a moderator's approval */
  pending: boolean;
}

/**
 * The one sign-up rule set, shared by the sign-up page and POST /api/v1/accounts. Throws RegistrationsClosed or
 * RegistrationInvalid; on success the account exists (approved unless the server requires approval).
 */
export async function registerAccount(
  db: Db,
  input: RegistrationInput,
  options: RegistrationOptions,
): Promise<Registration> {
  if (options.mode === 'closed') throw new RegistrationsClosed();
  const { value, issues } = checkRegistrationFormat(input, options);
  await checkUniqueness(db, value, issues);
  const emailVerdict = issues.email ? 'pass' : await emailSignUpVerdict(db, value.email);
  if (emailVerdict === 'block')
    (issues.email ??= []).push({
      code: 'ERR_BLOCKED',
      message: 'Email uses a disallowed e-mail provider',
      description: 'uses a disallowed e-mail provider',
    });
  if (Object.keys(issues).length > 0) throw new RegistrationInvalid(issues);
  const ipVerdict = options.ip ? await ipBlockSeverity(db, options.ip) : null;
  if (ipVerdict === 'sign_up_block' || ipVerdict === 'no_access')
    throw new ApiError(403, 'auth.sign_ups_refused');

  const passwordHash = await hashPassword(value.password);
  // blocks that let sign-ups through send them to the moderators for approval
  const pending =
    options.mode === 'approval' || emailVerdict === 'approval' || ipVerdict === 'sign_up_requires_approval';
  try {
    const account = await db.transaction().execute(async (tx) => {
      // checked again inside the transaction: another sign-up may have taken the name meanwhile
      const raceIssues: RegistrationIssues = {};
      await checkUniqueness(tx, value, raceIssues);
      if (Object.keys(raceIssues).length > 0) throw new RegistrationInvalid(raceIssues);
      const created = await insertLocalAccount(tx, {
        ...value,
        passwordHash,
        role: 'user',
        approved: !pending,
        createdByAppId: options.appId ?? null,
      });
      await notifyStaff(tx, 'admin.sign_up', created.id);
      return created;
    });
    return { account, pending };
  } catch (error) {
    if (error instanceof RegistrationInvalid) throw error;
    // a unique-index violation from a concurrent sign-up that committed between our check and insert
    const raceIssues: RegistrationIssues = {};
    await checkUniqueness(db, value, raceIssues);
    if (Object.keys(raceIssues).length > 0) throw new RegistrationInvalid(raceIssues);
    throw error;
  }
}
