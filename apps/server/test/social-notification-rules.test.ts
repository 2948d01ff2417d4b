import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { openStream, settle, type StreamClient } from './helpers/stream-client.js';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';

interface Note {
  id: string;
  type: string;
  account: { id: string };
  status?: { id: string } | null;
}

describeEachDialect('notification rules', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let base: string;
  let author: TestAccount;
  let fan: TestAccount;
  let other: TestAccount;
  const streams: StreamClient[] = [];

  const post = async (who: TestAccount, body: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/api/v1/statuses', body);
    expect(response.status, response.raw.body).toBe(200);
    return response.id;
  };
  const notesOf = async (who: TestAccount, query = '') => {
    const response = await call(who, 'GET', `/api/v1/notifications${query}`);
    expect(response.status, response.raw.body).toBe(200);
    return response.json as Note[];
  };
  const aboutStatus = (notes: Note[], id: string) => notes.filter((note) => note.status?.id === id);
  /** Ends a poll now, as if its time ran out. */
  const expirePoll = (statusId: string) =>
    server.db
      .updateTable('polls')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('status_id', '=', statusId)
      .execute();

  beforeAll(async () => {
    server = await createTestServer(dialect, { pollSweepMs: 100 });
    call = caller(server);
    author = await createAccount(server, { username: 'author' });
    fan = await createAccount(server, { username: 'fan' });
    other = await createAccount(server, { username: 'other' });
    await follow(server, fan, author);
    base = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await Promise.all(streams.map((client) => client.close()));
    await server.close();
  });

  it('silences favourites, boosts, mentions, edits and poll endings of a muted thread', async () => {
    const root = await post(author, {
      status: 'my thread',
      poll: { options: ['yes', 'no'], expires_in: 300 },
    });
    const reply = await post(author, { status: 'more', in_reply_to_id: root });
    expect((await call(author, 'POST', `/api/v1/statuses/${root}/mute`)).status).toBe(200);
    await call(fan, 'POST', `/api/v1/statuses/${root}/favourite`);
    await call(fan, 'POST', `/api/v1/statuses/${reply}/reblog`);
    await post(fan, { status: '@author replying', in_reply_to_id: reply });
    const poll = (await call(fan, 'GET', `/api/v1/statuses/${root}`)).body.poll as { id: string };
    await call(fan, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [0] });
    await expirePoll(root);
    const notes = await notesOf(author);
    expect([...aboutStatus(notes, root), ...aboutStatus(notes, reply)]).toEqual([]);
    // the fan did not mute it: they hear of the edit of what they boosted and of the poll ending
    await call(author, 'PUT', `/api/v1/statuses/${reply}`, { status: 'more, edited' });
    const fanNotes = await notesOf(fan);
    expect(fanNotes.map((note) => note.type)).toEqual(expect.arrayContaining(['update', 'poll']));
    // the fan mutes it too: a later edit stays quiet
    await call(fan, 'POST', `/api/v1/statuses/${reply}/mute`);
    await call(author, 'PUT', `/api/v1/statuses/${reply}`, { status: 'more, edited again' });
    expect(aboutStatus(await notesOf(fan, '?types[]=update'), reply)).toHaveLength(1);
    // unmuted, the author hears of favourites again
    await call(author, 'POST', `/api/v1/statuses/${root}/unmute`);
    await call(other, 'POST', `/api/v1/statuses/${root}/favourite`);
    expect(aboutStatus(await notesOf(author), root).map((note) => note.type)).toEqual(['favourite']);
  });

  it('tells the author and the voters when a poll ends, streamed without anyone asking', async () => {
    const authorStream = await openStream(base, author);
    const voterStream = await openStream(base, fan);
    streams.push(authorStream, voterStream);
    authorStream.subscribe('user:notification');
    voterStream.subscribe('user');
    await settle();
    const id = await post(author, { status: 'vote!', poll: { options: ['a', 'b'], expires_in: 300 } });
    const poll = (await call(fan, 'GET', `/api/v1/statuses/${id}`)).body.poll as { id: string };
    expect((await call(fan, 'POST', `/api/v1/polls/${poll.id}/votes`, { choices: [1] })).status).toBe(200);
    await expirePoll(id);
    const isEnded = (payload: unknown) =>
      (payload as Note).type === 'poll' && (payload as Note).status?.id === id;
    const toAuthor = (await authorStream.next('notification', isEnded, 3000)) as Note;
    expect(toAuthor.account.id).toBe(author.account.id);
    await voterStream.next('notification', isEnded, 3000);
    // once only, however many sweeps and readers come by
    await settle(300);
    await notesOf(author);
    expect(aboutStatus(await notesOf(author, '?types[]=poll'), id)).toHaveLength(1);
    expect(aboutStatus(await notesOf(fan, '?types[]=poll'), id)).toHaveLength(1);
    expect(authorStream.received.filter((entry) => entry.event === 'notification')).toHaveLength(1);
  });

  it('announces a poll once when several sweeps race for it', async () => {
    const id = await post(author, { status: 'race', poll: { options: ['a', 'b'], expires_in: 300 } });
    await server.db.updateTable('polls').set({ expires_at: nowIso() }).where('status_id', '=', id).execute();
    const { announceEndedPolls } = await import('../src/polls/service.js');
    await Promise.all([announceEndedPolls(server.ctx), announceEndedPolls(server.ctx)]);
    expect(aboutStatus(await notesOf(author, '?types[]=poll'), id)).toHaveLength(1);
  });

  it('filters by types, exclude_types and account_id, ignoring unknown types', async () => {
    await call(other, 'POST', `/api/v1/accounts/${author.account.id}/follow`);
    const all = await notesOf(author);
    const byOther = await notesOf(author, `?account_id=${other.account.id}`);
    expect(byOther.length).toBeGreaterThan(0);
    expect(byOther.every((note) => note.account.id === other.account.id)).toBe(true);
    const noFollows = await notesOf(author, '?exclude_types[]=follow&exclude_types[]=no_such_type');
    expect(noFollows.map((note) => note.id)).toEqual(
      all.filter((note) => note.type !== 'follow').map((note) => note.id),
    );
    expect(
      (await notesOf(author, '?types[]=follow&types[]=quote_of_the_day')).map((note) => note.type),
    ).toEqual(['follow']);
    expect(await notesOf(author, '?types[]=no_such_type')).toEqual([]);
  });

  it('pages notifications with Link headers', async () => {
    const all = await notesOf(author);
    expect(all.length).toBeGreaterThan(2);
    const first = await call(author, 'GET', '/api/v1/notifications?limit=2');
    expect((first.json as Note[]).map((note) => note.id)).toEqual(all.slice(0, 2).map((note) => note.id));
    const link = String(first.raw.headers.link);
    expect(link).toContain(`max_id=${all[1]?.id}>; rel="next"`);
    expect(link).toContain(`min_id=${all[0]?.id}>; rel="prev"`);
    expect(link).toContain('limit=2');
    const next = await call(author, 'GET', `/api/v1/notifications?limit=2&max_id=${all[1]?.id}`);
    expect((next.json as Note[]).map((note) => note.id)).toEqual(all.slice(2, 4).map((note) => note.id));
  });

  it('hides, also from before the block, the notifications from a server the recipient blocked', async () => {
    const reader = await createAccount(server, { username: 'reader' });
    const faraway = await createAccount(server, { username: 'faraway', domain: 'far.example' });
    const nearby = await createAccount(server, { username: 'nearby' });
    const notify = (from: TestAccount) =>
      server.db
        .insertInto('notifications')
        .values({
          id: newId(),
          account_id: reader.account.id,
          from_account_id: from.account.id,
          type: 'follow',
          status_id: null,
          filtered: 0,
          read: 0,
          created_at: nowIso(),
        })
        .execute();
    await notify(faraway);
    await notify(nearby);
    const senders = async () => (await notesOf(reader)).map((note) => note.account.id);
    expect(await senders()).toEqual([nearby.account.id, faraway.account.id]);
    const blocked = await call(reader, 'POST', '/api/v1/domain_blocks', { domain: 'far.example' });
    expect(blocked.status, blocked.raw.body).toBe(200);
    expect(await senders()).toEqual([nearby.account.id]);
  });
});
