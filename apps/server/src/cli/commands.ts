import type { Db } from '../db/index.js';
import { ApiError } from '../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { isRole, ROLES } from '../auth/permissions.js';
import {
  checkRegistrationFormat,
  checkUniqueness,
  insertLocalAccount,
  RegistrationInvalid,
} from '../auth/registration.js';
import type { EventBus } from '../streaming/bus.js';
import { announceInstanceChanged } from '../instance/sources.js';
import { announceRevocation } from '../streaming/revocations.js';
import { isServerSettingKey, SERVER_SETTING_KEYS, encodeSettingValue } from '../settings/schema.js';
import { getServerSettings, updateServerSettings } from '../settings/service.js';
import { CONTENT_USAGE, ContentUsageError, runContentCommand } from '../instance-content/commands.js';
import type { MediaStorage } from '../media/storage.js';
import { DOMAIN_BLOCKS_USAGE, DomainBlocksUsageError, runDomainBlocksCommand } from './domain-blocks.js';
import { MEDIA_USAGE, MediaUsageError, MigrationIncomplete, runMediaCommand } from './media.js';
import { BACKUP_USAGE } from './backup.js';
import { findLocalAccountByUsername } from '../accounts/store.js';
import { updateAccountFields } from '../accounts/store.js';
import { message } from '../i18n/format.js';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  create-user --username U --email E --password P [--role admin|moderator|user]
                               create an approved local account
  set-role USERNAME ROLE       change a role (${ROLES.join(', ')})
  approve USERNAME             approve an account waiting for review
  disable USERNAME             disable an account (it can sign in but not act)
  enable USERNAME              enable a disabled account
  settings list                show every server setting and its value
  settings set KEY VALUE       change a server setting
${CONTENT_USAGE}
${DOMAIN_BLOCKS_USAGE}
${MEDIA_USAGE}
${BACKUP_USAGE}
  help                         show this text`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A mistake in how the command was typed: shown with the usage text, exit code 2. */
export class UsageError extends Error {}

function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? args[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`Missing value for --${name}`);
    }
    if (inline === undefined) index += 1;
    flags[name] = value;
  }
  return flags;
}

function expectArgs(args: string[], count: number, shape: string): string[] {
  if (args.length !== count) throw new UsageError(`Expected: ${shape}`);
  return args;
}

async function findAccount(db: Db, username: string) {
  const account = await findLocalAccountByUsername(db, username.replace(/^@/, ''));
  if (!account) throw new ApiError(404, message('accounts.no_account_named', { username }));
  return account;
}

async function createUser(db: Db, args: string[], output: CommandOutput): Promise<void> {
  const flags = parseFlags(args);
  for (const name of Object.keys(flags)) {
    if (!['username', 'email', 'password', 'role'].includes(name))
      throw new UsageError(`Unknown option --${name}`);
  }
  if (!flags.username || !flags.email || !flags.password) {
    throw new UsageError('create-user needs --username, --email and --password');
  }
  const role = flags.role ?? 'user';
  if (!isRole(role)) throw new UsageError(`Unknown role "${role}": use ${ROLES.join(', ')}`);
  const { value, issues } = checkRegistrationFormat(
    { username: flags.username, email: flags.email, password: flags.password, agreement: true },
    { mode: 'open', requireConfirmation: false },
  );
  // the operator may take reserved names such as "admin"
  if (issues.username?.every((issue) => issue.code === 'ERR_RESERVED')) delete issues.username;
  await checkUniqueness(db, value, issues);
  if (Object.keys(issues).length > 0) throw new RegistrationInvalid(issues);
  const passwordHash = await hashPassword(value.password);
  const account = await db
    .transaction()
    .execute((tx) => insertLocalAccount(tx, { ...value, passwordHash, role, approved: true }));
  output.out(`Created ${account.username} (id ${account.id}, role ${role})`);
}

async function setRole(db: Db, args: string[], output: CommandOutput): Promise<void> {
  const [username, role] = expectArgs(args, 2, 'set-role USERNAME ROLE') as [string, string];
  if (!isRole(role)) throw new UsageError(`Unknown role "${role}": use ${ROLES.join(', ')}`);
  const account = await findAccount(db, username);
  await updateAccountFields(db, account.id, { role });
  output.out(`${account.username} is now ${role}`);
}

async function setFlag(
  { db, bus }: AdminContext,
  args: string[],
  output: CommandOutput,
  change: { command: string; set: { approved?: 0 | 1; disabled?: 0 | 1 }; done: string },
): Promise<void> {
  const [username] = expectArgs(args, 1, `${change.command} USERNAME`) as [string];
  const account = await findAccount(db, username);
  await updateAccountFields(db, account.id, change.set);
  // a disabled account's streaming sockets close on every process that hears the bus
  if (change.set.disabled === 1 && bus) await announceRevocation({ bus }, { accountId: account.id });
  output.out(`${account.username} ${change.done}`);
}

async function settings(db: Db, args: string[], output: CommandOutput): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') {
    expectArgs(rest, 0, 'settings list');
    const current = await getServerSettings(db);
    for (const key of SERVER_SETTING_KEYS) output.out(`${key}=${encodeSettingValue(current[key])}`);
    return;
  }
  if (action === 'set') {
    const [key, value] = expectArgs(rest, 2, 'settings set KEY VALUE') as [string, string];
    if (!isServerSettingKey(key)) {
      throw new UsageError(`Unknown setting "${key}". Known settings: ${SERVER_SETTING_KEYS.join(', ')}`);
    }
    const updated = await updateServerSettings(db, { [key]: value });
    output.out(`${key}=${encodeSettingValue(updated[key])}`);
    return;
  }
  throw new UsageError('Expected: settings list | settings set KEY VALUE');
}

/**
 * What the commands work on. The event bus is the servers' (Redis when REDIS_URL is set), so that changes
 * reach open streaming sockets and the instance documents at once; without it, each server finds them on its
 * next credential check, and the instance documents within INSTANCE_SOURCES_TTL_MS.
 */
export interface AdminContext {
  db: Db;
  bus?: EventBus;
  /** the servers' media store, for pruning cached remote media */
  media?: MediaStorage;
  /** MEDIA_DIR, the local folder `media migrate-to-s3` copies from */
  mediaDir?: string;
}

/**
 * Commands after which the instance documents may show something else: settings, rules, documents, and the
 * flags and role of an account that may be the contact account. Announced to the servers on the bus.
 */
const CHANGES_INSTANCE_DOCUMENTS = new Set([
  'set-role',
  'approve',
  'disable',
  'enable',
  'settings',
  'rules',
  'content',
  'terms',
]);

async function dispatch(
  admin: AdminContext,
  command: string | undefined,
  args: string[],
  output: CommandOutput,
): Promise<number> {
  const { db } = admin;
  switch (command) {
    case 'create-user':
      await createUser(db, args, output);
      return 0;
    case 'set-role':
      await setRole(db, args, output);
      return 0;
    case 'approve':
      await setFlag(admin, args, output, { command, set: { approved: 1 }, done: 'is approved' });
      return 0;
    case 'disable':
      await setFlag(admin, args, output, { command, set: { disabled: 1 }, done: 'is disabled' });
      return 0;
    case 'enable':
      await setFlag(admin, args, output, { command, set: { disabled: 0 }, done: 'is enabled' });
      return 0;
    case 'settings':
      await settings(db, args, output);
      return 0;
    case 'rules':
    case 'content':
    case 'terms':
      await runContentCommand(db, command, args, output);
      return 0;
    case 'domain-blocks':
      await runDomainBlocksCommand(db, args, output);
      return 0;
    case 'media':
      await runMediaCommand(db, { storage: admin.media, mediaDir: admin.mediaDir }, args, output);
      return 0;
    case 'help':
    case '--help':
    case '-h':
      output.out(USAGE);
      return 0;
    case undefined:
      output.err(USAGE);
      return 2;
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

/** Runs one admin command; returns the process exit code (0 done, 1 refused, 2 mistyped). */
export async function runAdminCommand(
  db: Db,
  argv: string[],
  output: CommandOutput,
  bus?: EventBus,
  media?: MediaStorage,
  mediaDir?: string,
): Promise<number> {
  const admin: AdminContext = { db, bus, ...(media ? { media } : {}), ...(mediaDir ? { mediaDir } : {}) };
  const [command, ...args] = argv;
  try {
    const code = await dispatch(admin, command, args, output);
    if (code === 0 && command && CHANGES_INSTANCE_DOCUMENTS.has(command))
      await announceInstanceChanged(admin);
    return code;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof ContentUsageError ||
      error instanceof DomainBlocksUsageError ||
      error instanceof MediaUsageError
    ) {
      output.err(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof RegistrationInvalid) {
      for (const issues of Object.values(error.issues))
        for (const issue of issues) output.err(`Error: ${issue.message}`);
      return 1;
    }
    if (error instanceof ApiError || error instanceof MigrationIncomplete) {
      output.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
