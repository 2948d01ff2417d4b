import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRestAPIClient, MastoHttpError, type mastodon } from 'masto';
import { issueToken } from '../src/auth/oauth-service.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { signUp } from './helpers/auth.js';

const ADMIN_SCOPES = ['read', 'write', 'follow', 'push', 'admin:read', 'admin:write'];

/** The HTTP status masto saw, for calls expected to fail. */
async function statusOf(call: PromiseLike<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof MastoHttpError) return error.statusCode;
    throw error;
  }
}

/** Calls masto does not type (v2 account list, account deletion); its proxy client makes them all the same. */
interface UntypedAdmin {
  v2: {
    admin: {
      accounts: { list(params?: Record<string, unknown>): PromiseLike<mastodon.v1.Admin.Account[]> };
    };
  };
  v1: {
    admin: { accounts: { $select(id: string): { remove(): Promise<mastodon.v1.Admin.Account> } } };
  };
}
const untyped = (client: mastodon.rest.Client): UntypedAdmin => client as unknown as UntypedAdmin;

/**
 * The admin API through the third-party `masto` client: accounts (v1 and v2 filters, approve, reject, every
 * action and its undoing, deletion), reports, the server-wide block lists, the dashboard's measures,
 * dimensions and retention, and trends, with the permissions of the web moderation views.
 */
describeEachDialect('masto admin API', (dialect) => {
  let server: TestServer;
  let url: string;
  let admin: TestAccount;
  let moderator: TestAccount;
  let user: TestAccount;
  let reporter: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await createAccount(server, { username: 'ada', role: 'admin' });
    moderator = await createAccount(server, { username: 'mod', role: 'moderator' });
    user = await createAccount(server, { username: 'una' });
    reporter = await createAccount(server, { username: 'rex' });
  });
  afterAll(async () => server.close());

  /** A masto client on an OAuth token of a registered app with the given scopes. */
  async function clientFor(who: TestAccount, scopes = ADMIN_SCOPES): Promise<mastodon.rest.Client> {
    const registered = await createRestAPIClient({ url }).v1.apps.create({
      clientName: 'Admin conformance',
      redirectUris: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: scopes.join(' '),
    });
    const app = await server.db
      .selectFrom('oauth_apps')
      .select('id')
      .where('client_id', '=', registered.clientId ?? '')
      .executeTakeFirstOrThrow();
    const issued = await issueToken(server.db, { appId: app.id, accountId: who.account.id, scopes });
    return createRestAPIClient({ url, accessToken: issued.token });
  }

  it('lists and shows accounts with v1 and v2 filters', async () => {
    const mod = await clientFor(moderator);
    const listed = await mod.v1.admin.accounts.list({ local: true, limit: 50 });
    expect(listed.map((entry) => entry.username).sort()).toEqual(['ada', 'mod', 'rex', 'una']);
    const una = listed.find((entry) => entry.username === 'una');
    expect(una).toMatchObject({
      email: 'una@example.test',
      approved: true,
      disabled: false,
      silenced: false,
    });
    expect(una?.account.acct).toBe('una');

    const staff = await untyped(mod).v2.admin.accounts.list({ permissions: 'staff' });
    expect(staff.map((entry) => entry.username).sort()).toEqual(['ada', 'mod']);
    expect(await untyped(mod).v2.admin.accounts.list({ origin: 'remote' })).toEqual([]);
    expect(
      (await untyped(mod).v2.admin.accounts.list({ username: 'un' })).map((entry) => entry.username),
    ).toEqual(['una']);
    expect((await mod.v1.admin.accounts.$select(user.account.id).fetch()).email).toBe('una@example.test');

    // the moderation permission is needed, and an admin scope
    const plain = await clientFor(user);
    expect(await statusOf(plain.v1.admin.accounts.list())).toBe(403);
    const unscoped = await clientFor(moderator, ['read', 'write']);
    expect(await statusOf(unscoped.v1.admin.accounts.list())).toBe(403);
  });

  it('approves and rejects sign-ups waiting for review', async () => {
    const mod = await clientFor(moderator);
    const pendingOne = await createAccount(server, { username: 'penny', approved: 0 });
    const pendingTwo = await createAccount(server, { username: 'percy', approved: 0 });
    const pending = await untyped(mod).v2.admin.accounts.list({ status: 'pending' });
    expect(pending.map((entry) => entry.username).sort()).toEqual(['penny', 'percy']);

    expect((await mod.v1.admin.accounts.$select(pendingOne.account.id).approve()).approved).toBe(true);
    expect(await statusOf(mod.v1.admin.accounts.$select(pendingOne.account.id).approve())).toBe(403);
    expect((await mod.v1.admin.accounts.$select(pendingTwo.account.id).reject()).username).toBe('percy');
    expect(await statusOf(mod.v1.admin.accounts.$select(pendingTwo.account.id).fetch())).toBe(404);
  });

  it('silences, suspends, disables and sensitizes, and lifts each', async () => {
    const mod = await clientFor(moderator);
    const target = await createAccount(server, { username: 'sid' });
    const loud = await insertStatus(server, target, { text: 'hello public' });
    const account = mod.v1.admin.accounts.$select(target.account.id);
    const reader = await clientFor(reporter);
    const publicIds = async () => (await reader.v1.timelines.public.list({ local: true })).map((s) => s.id);
    expect(await publicIds()).toContain(loud.id);

    await account.action.create({ type: 'silence' });
    expect((await account.fetch()).silenced).toBe(true);
    // silenced accounts leave public timelines, except for their followers
    expect(await publicIds()).not.toContain(loud.id);
    await follow(server, reporter, target);
    expect(await publicIds()).toContain(loud.id);
    expect((await account.unsilence()).silenced).toBe(false);

    await account.action.create({ type: 'sensitive' });
    expect((await account.fetch()).sensitized).toBe(true);
    expect((await account.unsensitive()).sensitized).toBe(false);

    await account.action.create({ type: 'disable' });
    const targetClient = createRestAPIClient({ url, accessToken: target.token });
    expect(await statusOf(targetClient.v1.accounts.verifyCredentials())).toBe(403);
    expect((await account.enable()).disabled).toBe(false);
    expect((await targetClient.v1.accounts.verifyCredentials()).username).toBe('sid');

    // deleting needs a suspension first
    expect(await statusOf(untyped(mod).v1.admin.accounts.$select(target.account.id).remove())).toBe(403);
    await account.action.create({ type: 'suspend' });
    expect((await account.fetch()).suspended).toBe(true);
    expect(await statusOf(targetClient.v1.accounts.verifyCredentials())).toBe(403);
    expect((await account.unsuspend()).suspended).toBe(false);
    await account.action.create({ type: 'suspend' });
    expect((await untyped(mod).v1.admin.accounts.$select(target.account.id).remove()).username).toBe('sid');
    expect(await statusOf(account.fetch())).toBe(404);

    // a moderator cannot act on an administrator, nor on themselves
    expect(
      await statusOf(mod.v1.admin.accounts.$select(admin.account.id).action.create({ type: 'silence' })),
    ).toBe(403);
    expect(
      await statusOf(mod.v1.admin.accounts.$select(moderator.account.id).action.create({ type: 'disable' })),
    ).toBe(403);
  });

  it('assigns, resolves and reopens reports, and resolves one with an account action', async () => {
    const mod = await clientFor(moderator);
    const rex = await clientFor(reporter);
    const filed = await rex.v1.reports.create({ accountId: user.account.id, comment: 'spam' });
    const report = mod.v1.admin.reports.$select(filed.id);
    const assigned = await report.assignToSelf();
    expect(assigned.assignedAccount?.id).toBe(moderator.account.id);
    // Admin::Report's accounts are Admin::Account entities (Mastodon's serializer; masto types them loosely)
    const { account, targetAccount } = assigned as unknown as Record<string, mastodon.v1.Admin.Account>;
    expect(targetAccount?.account.acct).toBe('una');
    expect(account?.email).toBe('rex@example.test');
    expect((await report.unassign()).assignedAccount).toBeNull();
    expect((await report.resolve()).actionTaken).toBe(true);
    expect((await mod.v1.admin.reports.list({ resolved: true })).map((entry) => entry.id)).toContain(
      filed.id,
    );
    expect((await report.reopen()).actionTaken).toBe(false);

    await mod.v1.admin.accounts.$select(user.account.id).action.create({ type: 'none', reportId: filed.id });
    expect((await report.fetch()).actionTaken).toBe(true);
    expect(await statusOf((await clientFor(user)).v1.admin.reports.list())).toBe(403);
  });

  it('keeps server-wide block lists (administrators only)', async () => {
    const root = await clientFor(admin);
    const block = await root.v1.admin.domainBlocks.create({
      domain: 'Spam.Example',
      severity: 'suspend',
      rejectMedia: true,
      publicComment: 'spam',
    });
    expect(block).toMatchObject({ domain: 'spam.example', severity: 'suspend', rejectMedia: true });
    expect(await statusOf(root.v1.admin.domainBlocks.create({ domain: 'spam.example' }))).toBe(422);
    const updated = await root.v1.admin.domainBlocks.$select(block.id).update({ severity: 'silence' });
    expect(updated.severity).toBe('silence');
    expect((await root.v1.admin.domainBlocks.list()).map((entry) => entry.domain)).toEqual(['spam.example']);
    await root.v1.admin.domainBlocks.$select(block.id).remove();
    expect(await root.v1.admin.domainBlocks.list()).toEqual([]);

    const allow = await root.v1.admin.domainAllows.create({ domain: 'friends.example' });
    expect((await root.v1.admin.domainAllows.$select(allow.id).fetch()).domain).toBe('friends.example');
    await root.v1.admin.domainAllows.$select(allow.id).remove();

    const emailBlock = await root.v1.admin.emailDomainBlocks.create({ domain: 'spam-mail.example' });
    expect(emailBlock.domain).toBe('spam-mail.example');
    const refused = await signUp(server, { username: 'spammer', email: 'a@spam-mail.example' });
    expect(refused.statusCode).toBe(422);

    const canonical = await root.v1.admin.canonicalEmailBlocks.create({ email: 'Bad.Actor+x@mail.example' });
    const matches = await root.v1.admin.canonicalEmailBlocks.test({ email: 'badactor@mail.example' });
    expect(matches.map((entry) => entry.id)).toEqual([canonical.id]);
    expect((await signUp(server, { username: 'badactor', email: 'b.adactor@mail.example' })).statusCode).toBe(
      422,
    );

    const ipBlock = await root.v1.admin.ipBlocks.create({ ip: '192.0.2.0/24', severity: 'sign_up_block' });
    expect(ipBlock).toMatchObject({ ip: '192.0.2.0/24', severity: 'sign_up_block' });
    const changed = await root.v1.admin.ipBlocks.$select(ipBlock.id).update({ comment: 'abuse' });
    expect(changed.comment).toBe('abuse');
    expect(await statusOf(root.v1.admin.ipBlocks.create({ ip: 'not an ip', severity: 'no_access' }))).toBe(
      422,
    );
    await root.v1.admin.ipBlocks.$select(ipBlock.id).remove();
    // sign-ups from a range that requires approval wait for the moderators; a blocked range is refused
    const loopback = await root.v1.admin.ipBlocks.create({
      ip: '127.0.0.1',
      severity: 'sign_up_requires_approval',
    });
    const waiting = await signUp(server, { username: 'waiting', email: 'waiting@example.test' });
    expect(waiting.json()).toMatchObject({ pending: true });
    await root.v1.admin.ipBlocks.$select(loopback.id).update({ severity: 'sign_up_block' });
    expect((await signUp(server, { username: 'blocked', email: 'blocked@example.test' })).statusCode).toBe(
      403,
    );
    await root.v1.admin.ipBlocks.$select(loopback.id).remove();

    const mod = await clientFor(moderator);
    expect(await statusOf(mod.v1.admin.domainBlocks.list())).toBe(403);
  });

  it('answers measures, dimensions, retention and trends', async () => {
    const root = await clientFor(admin);
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const measures = await root.v1.admin.measures.create({
      keys: ['new_users', 'active_users', 'opened_reports', 'resolved_reports', 'interactions'],
      startAt: weekAgo,
      endAt: today,
    });
    const newUsers = measures.find((measure) => measure.key === 'new_users');
    expect(newUsers?.data).toHaveLength(7);
    expect(Number(newUsers?.total)).toBeGreaterThanOrEqual(4);
    expect(Number(measures.find((measure) => measure.key === 'opened_reports')?.total)).toBe(1);

    const dimensions = await root.v1.admin.dimensions.create({
      keys: ['software_versions', 'space_usage', 'languages'],
      limit: '5',
    });
    expect(dimensions.map((dimension) => dimension.key).sort()).toEqual([
      'languages',
      'software_versions',
      'space_usage',
    ]);

    const cohorts = await root.v1.admin.retention.create({
      startAt: weekAgo,
      endAt: today,
      frequency: 'day',
    });
    expect(cohorts).toHaveLength(7);
    expect(cohorts.at(-1)?.data).toHaveLength(1);

    const trendy = await createAccount(server, { username: 'trendy' });
    const status = await insertStatus(server, trendy, { text: 'trending #news', favourites_count: 3 });
    const trends = await root.v1.admin.trends.statuses.list();
    expect(trends.map((entry) => entry.id)).toContain(status.id);
    expect(Array.isArray(await root.v1.admin.trends.tags.list())).toBe(true);
    expect(Array.isArray(await root.v1.admin.trends.links.list())).toBe(true);
    const mod = await clientFor(moderator);
    expect(
      await statusOf(mod.v1.admin.measures.create({ keys: ['new_users'], startAt: today, endAt: today })),
    ).toBe(403);
  });
});
