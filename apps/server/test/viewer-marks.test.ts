import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Status } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

/**
 * The viewer's marks are read for a whole page in one statement whose lists are padded to a multiple of ten
 * (statuses/serializer.ts): every status of a long page, boosts' originals included, carries its own marks.
 */
describeEachDialect('viewer marks on a long page', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, carol, alice);
  });
  afterAll(async () => server.close());

  it('marks each status the viewer favourited, bookmarked, boosted, pinned or muted, and no other', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      ids.push((await insertStatus(server, alice, { text: `post ${index}` })).id);
    }
    const own = (await call(carol, 'POST', '/api/v1/statuses', { status: 'mine, pinned' })).id;
    const act = async (path: string) => expect((await call(carol, 'POST', path)).status).toBe(200);
    await act(`/api/v1/statuses/${ids[2]}/favourite`);
    await act(`/api/v1/statuses/${ids[14]}/favourite`);
    await act(`/api/v1/statuses/${ids[23]}/bookmark`);
    // muting a thread needs a part in it: carol replies first
    const reply = await call(carol, 'POST', '/api/v1/statuses', {
      status: 'a reply',
      in_reply_to_id: ids[11],
    });
    expect(reply.status, reply.raw.body).toBe(200);
    await act(`/api/v1/statuses/${ids[11]}/mute`);
    await act(`/api/v1/statuses/${own}/pin`);
    const boosted = await call(carol, 'POST', `/api/v1/statuses/${ids[20]}/reblog`);
    expect(boosted.status).toBe(200);

    const page = (await call(carol, 'GET', '/api/v1/timelines/home?limit=40')).json as Status[];
    expect(page).toHaveLength(28);
    const marked = (mark: 'favourited' | 'bookmarked' | 'reblogged' | 'muted' | 'pinned') =>
      page.filter((status) => status[mark]).map((status) => status.id);
    expect(marked('favourited').sort()).toEqual([ids[2], ids[14]].sort());
    expect(marked('bookmarked')).toEqual([ids[23]]);
    // the boost's wrapper answers for its original, as Mastodon's
    expect(marked('reblogged').sort()).toEqual([boosted.id, ids[20]].sort());
    expect(marked('muted').sort()).toEqual([ids[11], reply.id].sort());
    expect(marked('pinned')).toEqual([own]);
  });
});
