import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusEditSchema, statusSchema, type Status } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

const LOCAL_DOMAIN = 'palchat.example';

describeEachDialect('status mentions resolve to existing local accounts only', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect, { localDomain: LOCAL_DOMAIN });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, bob, alice);
    await follow(server, carol, alice);
  });
  afterAll(async () => server.close());

  const link = (username: string) =>
    `<span class="h-card"><a href="${server.config.publicUrl}/@${username}" class="u-url mention">@<span>${username}</span></a></span>`;

  const post = async (text: string): Promise<Status> => {
    const created = await call(alice, 'POST', '/api/v1/statuses', { status: text });
    expect(created.status, created.raw.body).toBe(200);
    return statusSchema.parse(created.json);
  };

  /** who the stored status_mentions rows name, and who got a mention notification for the status */
  const storedMentions = async (statusId: string) => {
    const rows = await server.db
      .selectFrom('status_mentions')
      .select('account_id')
      .where('status_id', '=', statusId)
      .execute();
    const notified = await server.db
      .selectFrom('notifications')
      .select('account_id')
      .where('status_id', '=', statusId)
      .where('type', '=', 'mention')
      .execute();
    return {
      mentioned: rows.map((row) => row.account_id).sort(),
      notified: notified.map((row) => row.account_id).sort(),
    };
  };

  const mentionNotes = async (who: TestAccount, statusId: string) =>
    (
      (await call(who, 'GET', '/api/v1/notifications')).json as { type: string; status?: { id: string } }[]
    ).filter((note) => note.type === 'mention' && note.status?.id === statusId);

  it('links a mention of an existing account and notifies it', async () => {
    const status = await post('hello @Bob');
    expect(status.content).toBe(`<p>hello ${link('bob')}</p>`);
    expect(status.mentions).toMatchObject([{ id: bob.account.id, username: 'bob', acct: 'bob' }]);
    expect(await storedMentions(status.id)).toEqual({
      mentioned: [bob.account.id],
      notified: [bob.account.id],
    });
    expect(await mentionNotes(bob, status.id)).toHaveLength(1);
  });

  it('keeps @ghost (no such account) as plain text and mentions nobody', async () => {
    const status = await post('hello @ghost');
    expect(status.content).toBe('<p>hello @ghost</p>');
    expect(status.mentions).toEqual([]);
    expect(await storedMentions(status.id)).toEqual({ mentioned: [], notified: [] });

    // an account registered later under that name is not mentioned after the fact, nor linked
    await createAccount(server, { username: 'ghost' });
    const again = await call(alice, 'GET', `/api/v1/statuses/${status.id}`);
    expect(statusSchema.parse(again.json)).toMatchObject({ content: '<p>hello @ghost</p>', mentions: [] });
  });

  it('neither links nor notifies the local bob for @bob@elsewhere.example', async () => {
    const status = await post('hello @bob@elsewhere.example');
    expect(status.content).toBe('<p>hello @bob@elsewhere.example</p>');
    expect(status.mentions).toEqual([]);
    expect(await storedMentions(status.id)).toEqual({ mentioned: [], notified: [] });
    expect(await mentionNotes(bob, status.id)).toEqual([]);

    // next to a plain @bob, only that one links
    const both = await post('@bob@elsewhere.example or @bob?');
    expect(both.content).toBe(`<p>@bob@elsewhere.example or ${link('bob')}?</p>`);
    expect(await storedMentions(both.id)).toEqual({
      mentioned: [bob.account.id],
      notified: [bob.account.id],
    });
  });

  it('links and notifies bob for @bob@<this server’s domain>, in any case', async () => {
    const status = await post(`hello @bob@${LOCAL_DOMAIN} and @carol@PalChat.Example!`);
    expect(status.content).toBe(`<p>hello ${link('bob')} and ${link('carol')}!</p>`);
    expect(status.mentions.map((mention) => mention.username)).toEqual(['bob', 'carol']);
    const ids = [bob.account.id, carol.account.id].sort();
    expect(await storedMentions(status.id)).toEqual({ mentioned: ids, notified: ids });
    expect(await mentionNotes(bob, status.id)).toHaveLength(1);
    expect(await mentionNotes(carol, status.id)).toHaveLength(1);
  });

  it('links a self-mention without mentioning or notifying the author', async () => {
    const status = await post('note to @alice');
    expect(status.content).toBe(`<p>note to ${link('alice')}</p>`);
    expect(await storedMentions(status.id)).toEqual({ mentioned: [], notified: [] });
  });

  it('applies the same rule to edits: content, history and stored mentions agree', async () => {
    const status = await post('hi @bob');
    const edited = await call(alice, 'PUT', `/api/v1/statuses/${status.id}`, {
      status: `hi @carol@${LOCAL_DOMAIN}, @bob@elsewhere.example and @nobody`,
    });
    expect(edited.status, edited.raw.body).toBe(200);
    const expected = `<p>hi ${link('carol')}, @bob@elsewhere.example and @nobody</p>`;
    expect(statusSchema.parse(edited.json)).toMatchObject({
      content: expected,
      mentions: [{ id: carol.account.id }],
    });
    const mentions = await storedMentions(status.id);
    expect(mentions.mentioned).toEqual([carol.account.id]);
    const history = (await call(alice, 'GET', `/api/v1/statuses/${status.id}/history`)).json as unknown[];
    expect(history.map((entry) => statusEditSchema.parse(entry).content)).toEqual([
      '<p>hi @bob</p>',
      expected,
    ]);
  });

  it('notifies the accounts an edit newly mentions, and nobody twice', async () => {
    const status = await post('plans for the weekend');
    const edit = (text: string) => call(alice, 'PUT', `/api/v1/statuses/${status.id}`, { status: text });
    expect((await edit('plans for the weekend, @bob?')).status).toBe(200);
    expect((await storedMentions(status.id)).notified).toEqual([bob.account.id]);
    expect((await edit('plans for the weekend, @bob and @carol?')).status).toBe(200);
    expect((await storedMentions(status.id)).notified).toEqual([bob.account.id, carol.account.id].sort());
    expect(await mentionNotes(bob, status.id)).toHaveLength(1);
    expect(await mentionNotes(carol, status.id)).toHaveLength(1);
  });
});
