import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

/**
 * Home and list pages leave out of their statement the rules a viewer's relations cannot trigger (no blocks, no
 * mutes…; statuses/viewer-relations.ts): whoever reads first, each viewer's own relations must still apply, and
 * a relation made a moment ago counts at the next read.
 */
describeEachDialect('timeline rules follow each viewer’s relations', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let writer: TestAccount;
  let faraway: TestAccount;
  let ownPost: string;
  let farawayPost: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    writer = await createAccount(server, { username: 'writer' });
    faraway = await createAccount(server, { username: 'faraway', domain: 'remote.example' });
  });
  afterAll(async () => server.close());

  /** A reader following both authors, with a home feed built before their posts arrive. */
  const reader = async (username: string) => {
    const account = await createAccount(server, { username });
    await follow(server, account, writer);
    await follow(server, account, faraway);
    return account;
  };

  const idsIn = async (who: TestAccount, url = '/api/v1/timelines/home') => {
    const response = await call(who, 'GET', url);
    expect(response.status, response.raw.body).toBe(200);
    return (response.json as { id: string }[]).map((status) => status.id);
  };

  it('hides what each viewer’s blocks, mutes, domain blocks and exclusive lists hide, whoever read first', async () => {
    const plain = await reader('plain');
    const blocking = await reader('blocking');
    const blocked = await reader('blocked');
    const muting = await reader('muting');
    const domainBlocking = await reader('domainblocking');
    const listing = await reader('listing');
    ownPost = (await insertStatus(server, writer, { text: 'from the writer' })).id;
    farawayPost = (await insertStatus(server, faraway, { text: 'from far away' })).id;
    const boosted = await call(writer, 'POST', `/api/v1/statuses/${farawayPost}/reblog`);
    expect(boosted.status, boosted.raw.body).toBe(200);
    const boost = boosted.id;

    // the first read compiles the statement of a viewer without relations
    expect(await idsIn(plain)).toEqual([boost, farawayPost, ownPost]);

    // blocking ends the follow; the boost of the blocked account's post is left to the statement
    expect((await call(blocking, 'POST', `/api/v1/accounts/${faraway.account.id}/block`)).status).toBe(200);
    expect(await idsIn(blocking)).toEqual([ownPost]);

    // the author blocks the reader without the follow going away (as a block from another server may arrive)
    await server.db
      .insertInto('blocks')
      .values({
        id: newId(),
        account_id: writer.account.id,
        target_account_id: blocked.account.id,
        created_at: nowIso(),
      })
      .execute();
    expect(await idsIn(blocked)).toEqual([farawayPost]);

    expect((await call(muting, 'POST', `/api/v1/accounts/${writer.account.id}/mute`)).status).toBe(200);
    expect(await idsIn(muting)).toEqual([farawayPost]);

    const domainBlock = await call(domainBlocking, 'POST', '/api/v1/domain_blocks', {
      domain: 'remote.example',
    });
    expect(domainBlock.status, domainBlock.raw.body).toBe(200);
    expect(await idsIn(domainBlocking)).toEqual([ownPost]);

    const list = await call(listing, 'POST', '/api/v1/lists', { title: 'apart', exclusive: true });
    const added = await call(listing, 'POST', `/api/v1/lists/${list.id}/accounts`, {
      account_ids: [writer.account.id],
    });
    expect(added.status, added.raw.body).toBe(200);
    expect(await idsIn(listing)).toEqual([farawayPost]);
    expect(await idsIn(listing, `/api/v1/timelines/list/${list.id}`)).toEqual([boost, ownPost]);

    expect(await idsIn(plain)).toEqual([boost, farawayPost, ownPost]);
  });

  it('applies a relation made after the viewer’s last read at the next one', async () => {
    const later = await reader('later');
    expect(await idsIn(later)).toEqual(expect.arrayContaining([ownPost, farawayPost]));
    expect((await call(later, 'POST', `/api/v1/accounts/${writer.account.id}/mute`)).status).toBe(200);
    expect(await idsIn(later)).not.toContain(ownPost);
    expect((await call(later, 'POST', `/api/v1/accounts/${writer.account.id}/unmute`)).status).toBe(200);
    expect(await idsIn(later)).toContain(ownPost);
  });
});
