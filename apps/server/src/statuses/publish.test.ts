import { Note } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mastodonNote, offline } from '../../test/helpers/activitypub.js';
import { createAccount } from '../../test/helpers/factories.js';
import { createTestServer, type TestServer } from '../../test/helpers/harness.js';
import { ingestRemoteStatus } from '../federation/ingest/statuses.js';
import { createStatus, editStatus } from './compose.js';
import { publishStatus, recordStatusEdit } from './publish.js';
import type * as PublishModule from './publish.js';

vi.mock('./publish.js', async (importOriginal) => {
  const original = await importOriginal<typeof PublishModule>();
  return {
    ...original,
    publishStatus: vi.fn(original.publishStatus),
    recordStatusEdit: vi.fn(original.recordStatusEdit),
  };
});

const BOB_ID = 'https://remote.example/users/bob';

describe('the one write path of statuses', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('stores a local post (the API) and a remote one (the inbox) with the same commands, each announced', async () => {
    const published: string[] = [];
    server.ctx.events!.subscribe('StatusPublished', (event) => void published.push(event.status.id));
    server.ctx.events!.subscribe('StatusEdited', (event) => void published.push(`edit ${event.status.id}`));
    const { account: alice } = await createAccount(server, { username: 'alice' });
    const { account: bob } = await createAccount(server, {
      username: 'bob',
      domain: 'remote.example',
      uri: BOB_ID,
    });

    const local = await createStatus(server.ctx, alice, { status: 'Hello #here @bob@remote.example' });
    const note = await Note.fromJsonLd(mastodonNote(BOB_ID, `${BOB_ID}/statuses/1`), offline);
    const remote = (await ingestRemoteStatus(server.ctx, note, bob, offline))!;

    expect(vi.mocked(publishStatus).mock.calls.map(([, input]) => input.status.id)).toEqual([
      local.id,
      remote.id,
    ]);
    expect(published).toEqual([local.id, remote.id]);
    const tags = await server.db.selectFrom('status_tags').select('status_id').execute();
    expect(tags).toEqual([{ status_id: local.id }]);
    const mentions = await server.db.selectFrom('status_mentions').selectAll().execute();
    expect(mentions).toEqual([{ status_id: local.id, account_id: bob.id }]);

    await editStatus(server.ctx, alice, local.id, { status: 'Hello again' });
    const edited = await Note.fromJsonLd(
      mastodonNote(BOB_ID, `${BOB_ID}/statuses/1`, {
        content: '<p>Edited from afar</p>',
        updated: '2026-01-02T04:00:00Z',
      }),
      offline,
    );
    await ingestRemoteStatus(server.ctx, edited, bob, { ...offline, update: true });
    expect(vi.mocked(recordStatusEdit).mock.calls.map(([, input]) => input.updated.id)).toEqual([
      local.id,
      remote.id,
    ]);
    expect(published.slice(2)).toEqual([`edit ${local.id}`, `edit ${remote.id}`]);
  });
});
