import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FederationPort } from '../federation-port.js';
import { FEDERATED_URL, federationConfig } from '../../test/helpers/federation.js';
import { createAccount, insertStatus, insertStatusImage } from '../../test/helpers/factories.js';
import { createTestServer, type TestServer } from '../../test/helpers/harness.js';
import { QueryRecorder } from '../../test/helpers/query-recorder.js';
import { serializeStatuses } from './serializer.js';

/** Every statement that is not a read. */
const writesOf = (recorder: QueryRecorder) =>
  recorder.recorded.filter(({ node }) => node.kind !== 'SelectQueryNode').map(({ node }) => node.kind);

describe('serializing statuses', () => {
  const recorder = new QueryRecorder();
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(
      'sqlite',
      { publicUrl: FEDERATED_URL, localDomain: 'social.example', federation: federationConfig() },
      { dbPlugins: [recorder] },
    );
  });
  afterAll(() => server.close());

  it('asks for nothing: a remote status with uncopied media and an uncopied avatar writes and enqueues nothing', async () => {
    const { account: author } = await createAccount(server, {
      username: 'bob',
      domain: 'remote.example',
      uri: 'https://remote.example/users/bob',
      avatar_remote_url: 'https://remote.example/avatar.png',
    });
    const status = await insertStatus(server, author, {
      local: 0,
      uri: 'https://remote.example/users/bob/statuses/1',
    });
    const mediaId = await insertStatusImage(server, status, {
      remote_url: 'https://remote.example/image.png',
    });
    const port = server.ctx.federation!;
    const calls = (Object.keys(port) as (keyof FederationPort)[]).map((name) => vi.spyOn(port, name));

    recorder.recorded.length = 0;
    const [shown] = await serializeStatuses(server.ctx, [status], null);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(shown!.media_attachments[0]!.url).toBe('https://remote.example/image.png');
    expect(writesOf(recorder)).toEqual([]);
    for (const call of calls) expect(call).not.toHaveBeenCalled();
    expect(await server.db.selectFrom('federation_queue').selectAll().execute()).toEqual([]);
    const media = await server.db
      .selectFrom('media_attachments')
      .select('remote_cache_requested_at')
      .where('id', '=', mediaId)
      .executeTakeFirstOrThrow();
    expect(media.remote_cache_requested_at).toBeNull();
  });
});
