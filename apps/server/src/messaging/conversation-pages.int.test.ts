import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call, createCast, type ApiResponse, type Cast } from '../../test/helpers/messaging.js';

const FM = '/api/v1/friend_messages';
const LIST = `${FM}/conversations`;

const idsOf = (response: ApiResponse): string[] => (response.json as { id: string }[]).map((c) => c.id);

/** The URL of one relation of a Link header, as a path with its query. */
function linkTo(response: ApiResponse, rel: 'next' | 'prev'): string | undefined {
  const part = response.link?.split(', ').find((p) => p.endsWith(`rel="${rel}"`));
  const url = part?.match(/^<([^>]+)>/)?.[1];
  return url ? url.replace(/^https?:\/\/[^/]+/, '') : undefined;
}

describeEachDialect('the friend-message conversation list in pages', (dialect) => {
  let server: TestServer;
  let cast: Cast;
  /** newest first, as the list orders them */
  const groups: string[] = [];

  const list = (url: string): Promise<ApiResponse> => call(server, cast.bob, 'GET', url);

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
    for (let n = 0; n < 22; n++) {
      const created = await call(server, cast.alice, 'POST', LIST, {
        name: `group ${n}`,
        participant_ids: [cast.bob.account.id, cast.carol.account.id],
      });
      expect(created.status).toBe(201);
      groups.unshift(String(created.body.id));
    }
  });
  afterAll(async () => server.close());

  it('serves 20 newest first with a Link to the next page, which holds the rest', async () => {
    const first = await list(LIST);
    expect(first.status).toBe(200);
    expect(idsOf(first)).toEqual(groups.slice(0, 20));
    const next = linkTo(first, 'next');
    expect(next).toMatch(/max_id=\d+/);
    const second = await list(next ?? '');
    expect(idsOf(second)).toEqual(groups.slice(20));
    // a short page is the last one
    expect(linkTo(second, 'next')).toBeUndefined();
    expect(linkTo(second, 'prev')).toMatch(/min_id=\d+/);
  });

  it('moves a conversation to the top when a message arrives, and pages from there', async () => {
    const oldest = groups[groups.length - 1] ?? '';
    const firstPage = await list(`${LIST}?limit=5`);
    const prev = linkTo(firstPage, 'prev') ?? '';
    expect((await list(prev)).json).toEqual([]);

    const sent = await call(server, cast.carol, 'POST', FM, { conversation_id: oldest, content: 'up' });
    expect(sent.status).toBe(201);
    // what is newer than the first page: only the conversation that moved
    expect(idsOf(await list(prev))).toEqual([oldest]);
    const since = prev.replace('min_id', 'since_id');
    expect(idsOf(await list(since))).toEqual([oldest]);
    const top = await list(`${LIST}?limit=3`);
    expect(idsOf(top)).toEqual([oldest, ...groups.slice(0, 2)]);
    expect(idsOf(await list(linkTo(top, 'next') ?? ''))).toEqual(groups.slice(2, 5));
  });

  it('keeps hidden conversations out, takes limit within 1..40, and refuses a malformed cursor', async () => {
    const direct = await call(server, cast.alice, 'POST', FM, {
      recipient_id: cast.bob.account.id,
      content: 'hello',
    });
    const directId = String(direct.body.conversation_id);
    expect(idsOf(await list(`${LIST}?limit=1`))).toEqual([directId]);
    await call(server, cast.bob, 'DELETE', `${LIST}/${directId}`);
    expect(idsOf(await list(`${LIST}?limit=40`))).not.toContain(directId);
    expect(idsOf(await list(`${LIST}?limit=100`))).toHaveLength(22);
    expect(idsOf(await list(`${LIST}?limit=0`))).toHaveLength(1);
    expect((await list(`${LIST}?max_id=abc`)).status).toBe(422);
  });
});
