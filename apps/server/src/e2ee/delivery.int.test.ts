import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { createCast, type Cast } from '../../test/helpers/messaging.js';
import { MlsDevice } from '../../test/helpers/mls.js';

describeEachDialect('encrypted chats: ordering and delivery', (dialect) => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    cast = await createCast(server);
  });
  afterAll(async () => server.close());

  it('delivers a one-to-one chat from the Welcome on, in order, and deletes what everyone acknowledged', async () => {
    const alice = await new MlsDevice(server, cast.alice).register();
    const bob = await new MlsDevice(server, cast.bob).register();
    const created = await alice.createChat([cast.bob.account.id]);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ encrypted: true, mls_epoch: 1, is_group: false });

    expect((await alice.send('hello bob')).status).toBe(201);
    expect(await bob.sync()).toEqual(['hello bob']);
    const reply = await bob.send('hello alice');
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ kind: 'application', epoch: 1, signal: false });
    expect(await alice.sync()).toEqual(['hello alice']);
    const rows = await server.db
      .selectFrom('e2ee_envelopes')
      .selectAll()
      .where('conversation_id', '=', alice.conversationId)
      .execute();
    expect(rows).toEqual([]);
  });
});
