import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller, uploadPng } from './helpers/social.js';

interface Listed {
  id: string;
}

describeEachDialect('timeline rules', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let reader: TestAccount;
  let writer: TestAccount;
  let member: TestAccount;
  let stranger: TestAccount;

  const post = async (who: TestAccount, body: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/api/v1/statuses', body);
    expect(response.status, response.raw.body).toBe(200);
    return response.id;
  };
  const ids = async (who: TestAccount | null, url: string) => {
    const response = await call(who, 'GET', url);
    expect(response.status, `${url} ${response.raw.body}`).toBe(200);
    return (response.json as Listed[]).map((entry) => entry.id);
  };

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    reader = await createAccount(server, { username: 'reader' });
    writer = await createAccount(server, { username: 'writer' });
    member = await createAccount(server, { username: 'member' });
    stranger = await createAccount(server, { username: 'stranger' });
    await follow(server, reader, writer);
    await follow(server, reader, member);
  });
  afterAll(async () => server.close());

  it('keeps members of an exclusive list out of home, not out of the list', async () => {
    const list = (await call(reader, 'POST', '/api/v1/lists', { title: 'apart', exclusive: true })).id;
    await call(reader, 'POST', `/api/v1/lists/${list}/accounts`, { account_ids: [member.account.id] });
    const apart = await post(member, { status: 'list only' });
    const visible = await post(writer, { status: 'home' });
    const home = await ids(reader, '/api/v1/timelines/home');
    expect(home).toContain(visible);
    expect(home).not.toContain(apart);
    expect(await ids(reader, `/api/v1/timelines/list/${list}`)).toContain(apart);
    await call(reader, 'PUT', `/api/v1/lists/${list}`, { title: 'apart', exclusive: false });
    expect(await ids(reader, '/api/v1/timelines/home')).toContain(apart);
  });

  it('shows a list the private posts of members it follows, never direct ones', async () => {
    const list = (await call(reader, 'POST', '/api/v1/lists', { title: 'all' })).id;
    await call(reader, 'POST', `/api/v1/lists/${list}/accounts`, { account_ids: [member.account.id] });
    const privatePost = await post(member, { status: 'followers', visibility: 'private' });
    const directPost = await post(member, { status: '@stranger psst', visibility: 'direct' });
    const listed = await ids(reader, `/api/v1/timelines/list/${list}`);
    expect(listed).toContain(privatePost);
    expect(listed).not.toContain(directPost);
    expect((await call(stranger, 'GET', `/api/v1/timelines/list/${list}`)).status).toBe(404);
  });

  it('puts posts of followed hashtags in home until the tag is unfollowed', async () => {
    const before = await post(stranger, { status: 'early #Birds' });
    expect((await call(reader, 'POST', '/api/v1/tags/birds/follow')).body).toMatchObject({ following: true });
    const tagged = await post(stranger, { status: 'a robin #birds' });
    const unlisted = await post(stranger, { status: 'quiet #birds', visibility: 'unlisted' });
    const home = await ids(reader, '/api/v1/timelines/home');
    expect(home).toEqual(expect.arrayContaining([before, tagged]));
    expect(home).not.toContain(unlisted);
    expect((await call(reader, 'POST', '/api/v1/tags/birds/unfollow')).body).toMatchObject({
      following: false,
    });
    expect(await ids(reader, '/api/v1/timelines/home')).not.toContain(tagged);
  });

  it('filters a profile by tagged, only_media, exclude_reblogs and exclude_replies', async () => {
    const tagged = await post(writer, { status: 'about #Rust' });
    const media = await post(writer, {
      status: 'picture',
      media_ids: [(await uploadPng(server, writer)).id],
    });
    const selfReply = await post(writer, { status: 'thread', in_reply_to_id: tagged });
    const reply = await post(writer, {
      status: '@stranger hello',
      in_reply_to_id: await post(stranger, { status: 'hi' }),
    });
    const boost = (
      await call(writer, 'POST', `/api/v1/statuses/${await post(stranger, { status: 'x' })}/reblog`)
    ).id;
    const base = `/api/v1/accounts/${writer.account.id}/statuses`;
    expect(await ids(reader, `${base}?tagged=rust`)).toEqual([tagged]);
    expect(await ids(reader, `${base}?tagged=%23RUST`)).toEqual([tagged]);
    expect(await ids(reader, `${base}?only_media=true`)).toEqual([media]);
    const noBoosts = await ids(reader, `${base}?exclude_reblogs=true`);
    expect(noBoosts).toEqual(expect.arrayContaining([reply, selfReply, media, tagged]));
    expect(noBoosts).not.toContain(boost);
    const noReplies = await ids(reader, `${base}?exclude_replies=1`);
    expect(noReplies).toEqual(expect.arrayContaining([boost, selfReply, media, tagged]));
    expect(noReplies).not.toContain(reply);
  });

  it('shows only public posts on the link timeline', async () => {
    const url = 'https://example.com/article';
    const open = await post(writer, { status: `read ${url}` });
    const followersOnly = await post(writer, { status: `also ${url}`, visibility: 'private' });
    const unlisted = await post(writer, { status: `and ${url}`, visibility: 'unlisted' });
    const hidden = await insertStatus(server, stranger, { text: url, link_url: url, visibility: 'public' });
    await call(reader, 'POST', `/api/v1/accounts/${stranger.account.id}/block`);
    const link = `/api/v1/timelines/link?url=${encodeURIComponent(url)}`;
    expect(await ids(reader, link)).toEqual([open]);
    expect(await ids(writer, link)).toEqual([hidden.id, open]);
    expect(await ids(null, link)).not.toContain(followersOnly);
    expect(await ids(null, link)).not.toContain(unlisted);
  });

  it('pages followers and favourites with Link headers', async () => {
    const fans = await Promise.all(
      ['f1', 'f2', 'f3'].map((name) => createAccount(server, { username: name })),
    );
    for (const fan of fans) await call(fan, 'POST', `/api/v1/accounts/${stranger.account.id}/follow`);
    const followers = await call(reader, 'GET', `/api/v1/accounts/${stranger.account.id}/followers?limit=2`);
    expect((followers.json as Listed[]).map((account) => account.id)).toEqual([
      fans[2]?.account.id,
      fans[1]?.account.id,
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(String(followers.raw.headers.link))?.[1];
    expect(next).toBeTruthy();
    const rest = await call(reader, 'GET', new URL(String(next)).pathname + new URL(String(next)).search);
    expect((rest.json as Listed[]).map((account) => account.id)).toEqual([fans[0]?.account.id]);

    const liked = [await post(writer, { status: 'one' }), await post(writer, { status: 'two' })];
    for (const id of liked) await call(reader, 'POST', `/api/v1/statuses/${id}/favourite`);
    const favourites = await call(reader, 'GET', '/api/v1/favourites?limit=1');
    expect((favourites.json as Listed[]).map((status) => status.id)).toEqual([liked[1]]);
    const link = String(favourites.raw.headers.link);
    expect(link).toMatch(/max_id=\d+&?[^>]*>; rel="next"/);
    expect(link).toContain('rel="prev"');
    const older = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? '';
    const page2 = await call(reader, 'GET', new URL(older).pathname + new URL(older).search);
    expect((page2.json as Listed[]).map((status) => status.id)).toEqual([liked[0]]);
  });

  it('clamps numeric limits and refuses malformed cursors and limits', async () => {
    expect(await ids(reader, '/api/v1/timelines/home?limit=0')).toHaveLength(1);
    expect(await ids(reader, '/api/v1/timelines/home?limit=-3')).toHaveLength(1);
    expect((await ids(reader, '/api/v1/timelines/home?limit=500')).length).toBeLessThanOrEqual(40);
    expect(await ids(reader, '/api/v1/timelines/home?max_id=1')).toEqual([]);
    for (const query of ['max_id=abc', 'since_id=12ab', 'min_id=-1', 'limit=abc', 'limit=1.5']) {
      const response = await call(reader, 'GET', `/api/v1/timelines/home?${query}`);
      expect(response.status, query).toBe(422);
      expect(String(response.body.error), query).toMatch(
        /^Validation failed: (max_id|since_id|min_id|limit) /,
      );
    }
    expect((await call(reader, 'GET', '/api/v1/notifications?max_id=abc')).status).toBe(422);
    expect((await call(reader, 'GET', '/api/v1/notifications?limit=0')).status).toBe(200);
  });
});
