import { Note, Person } from '@fedify/vocab';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountRow } from '../../auth/viewer.js';
import { ingestRemoteStatus, upsertRemoteAccount } from './index.js';
import { mastodonNote, mastodonPerson, offline } from '../../../test/helpers/activitypub.js';
import { createAccount, type TestAccount } from '../../../test/helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../../test/helpers/harness.js';
import { call } from '../../../test/helpers/messaging.js';

const REMOTE = 'https://remote.example';
const BOB_ID = `${REMOTE}/users/bob`;
const EVIL = 'javascript:alert(document.cookie)';

describeEachDialect(
  'federation: remote url values are served only when they are http(s) links',
  (dialect) => {
    let server: TestServer;
    let alice: TestAccount;
    let bob: AccountRow;

    beforeAll(async () => {
      server = await createTestServer(dialect, {
        publicUrl: 'https://palchat.example',
        localDomain: 'palchat.example',
      });
      alice = await createAccount(server, { username: 'alice' });
      bob = await ingestBob(`${REMOTE}/@bob`);
    });
    afterAll(async () => server.close());

    const ingestBob = async (url: string) =>
      upsertRemoteAccount(
        server.ctx,
        await Person.fromJsonLd(mastodonPerson(REMOTE, 'bob', { url }), offline),
        offline,
      );

    it('stores an actor’s javascript: url as its id, and serves the id', async () => {
      const bob = await ingestBob(EVIL);
      expect(bob.url).toBe(BOB_ID);
      const response = await call(server, alice, 'GET', `/api/v1/accounts/${bob.id}`);
      expect(response.body.url).toBe(BOB_ID);
    });

    it('stores a note’s data: url as its id, and serves the id', async () => {
      const noteId = `${BOB_ID}/statuses/1`;
      const note = await Note.fromJsonLd(
        mastodonNote(BOB_ID, noteId, { url: 'data:text/html,<script>alert(1)</script>' }),
        offline,
      );
      const status = await ingestRemoteStatus(server.ctx, note, bob, offline);
      expect(status?.url).toBe(noteId);
      const response = await call(server, alice, 'GET', `/api/v1/statuses/${status?.id}`);
      expect(response.body.url).toBe(noteId);
    });

    it('serves the ids in place of links stored before they were checked, in mentions and their links too', async () => {
      const noteId = `${BOB_ID}/statuses/2`;
      const status = await ingestRemoteStatus(
        server.ctx,
        await Note.fromJsonLd(mastodonNote(BOB_ID, noteId), offline),
        bob,
        offline,
      );
      await server.db.updateTable('accounts').set({ url: EVIL }).where('id', '=', bob.id).execute();
      await server.db
        .updateTable('statuses')
        .set({ url: ' javascript:alert(1)' })
        .where('id', '=', status!.id)
        .execute();

      expect((await call(server, alice, 'GET', `/api/v1/accounts/${bob.id}`)).body.url).toBe(BOB_ID);
      expect((await call(server, alice, 'GET', `/api/v1/statuses/${status!.id}`)).body.url).toBe(noteId);

      const mention = await call(server, alice, 'POST', '/api/v1/statuses', {
        status: 'hi @bob@remote.example',
      });
      expect(mention.status).toBe(200);
      expect(mention.body.mentions).toEqual([expect.objectContaining({ url: BOB_ID })]);
      expect(mention.body.content).toContain(`href="${BOB_ID}"`);
      expect(JSON.stringify(mention.json)).not.toContain('javascript:');
    });
  },
);
