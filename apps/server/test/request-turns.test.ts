import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../src/db/index.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { call, createCast, type Cast } from './helpers/messaging.js';
import { bearer } from './helpers/factories.js';

const FM = '/api/v1/friend_messages';

/** A server whose slice is 0 ms: past the first request of a turn, every other one waits its turn. */
function queueingServer(dialect: DialectName) {
  const state = {} as { server: TestServer; cast: Cast };
  beforeAll(async () => {
    state.server = await createTestServer(dialect, { requestSliceMs: 0 });
    state.cast = await createCast(state.server);
  });
  afterAll(async () => {
    await state.server.close();
  });
  return state;
}

describeEachDialect('requests waiting their turn', (dialect) => {
  const state = queueingServer(dialect);

  it('answers every queued request', async () => {
    const { server, cast } = state;
    const reads = Array.from({ length: 10 }, () =>
      server.app.inject({ method: 'GET', url: '/api/v1/timelines/home', headers: bearer(cast.alice) }),
    );
    const sends = Array.from({ length: 10 }, (_, index) =>
      call(server, cast.bob, 'POST', FM, { recipient_id: cast.carol.account.id, content: `queued ${index}` }),
    );
    expect((await Promise.all(reads)).map((response) => response.statusCode)).toEqual(reads.map(() => 200));
    expect((await Promise.all(sends)).map((response) => response.status)).toEqual(sends.map(() => 201));
  });
});

// On SQLite a request runs to its end without giving the event loop back, the case the turns are for: there
// the order in which requests finish is the order in which they started.
describe('requests taking turns on the event loop [sqlite]', () => {
  const state = queueingServer('sqlite');

  it('answers the server information without waiting behind the queued requests', async () => {
    const { server, cast } = state;
    // what the documents show is read once per process (instance/sources.ts): on SQLite that first read waits
    // for the one connection like any statement; the turns are about the requests after it
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/instance' })).statusCode).toBe(200);
    const finished: string[] = [];
    const heavy = Array.from({ length: 20 }, (_, index) =>
      server.app
        .inject({ method: 'GET', url: '/api/v1/timelines/home', headers: bearer(cast.alice) })
        .then(() => finished.push(`home ${index}`)),
    );
    const instance = server.app
      .inject({ method: 'GET', url: '/api/v1/instance' })
      .then(() => finished.push('instance'));
    await Promise.all([...heavy, instance]);
    expect(finished.indexOf('instance')).toBeLessThan(finished.indexOf('home 19'));
  });

  it('serves the requests that waited in the order they came', async () => {
    const { server, cast } = state;
    const contents = Array.from({ length: 8 }, (_, index) => `in order ${index}`);
    const sent = await Promise.all(
      contents.map((content) =>
        call(server, cast.alice, 'POST', FM, { recipient_id: cast.bob.account.id, content }),
      ),
    );
    const ids = sent.map((response) => String(response.body.id));
    expect([...ids].sort()).toEqual(ids);
  });
});
