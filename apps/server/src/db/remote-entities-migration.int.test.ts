import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, type DialectName, type Db } from './index.js';
import { migrateTo, migrateToLatest } from './migrate.js';
import type { MediaAttachmentsTable } from './schema.js';
import { accountRow } from '../../test/helpers/factories.js';
import {
  createTestSchema,
  describeEachDialect,
  dropTestSchema,
  TEST_POSTGRES_URL,
} from '../../test/helpers/harness.js';

const NOW = '2026-01-01T00:00:00.000Z';

const account = (id: string, username: string, columns: { domain?: string; uri?: string } = {}) =>
  accountRow(username, { id, ...columns });

/** A media row of `accountId`, with a stored file unless `columns` say otherwise. */
const mediaRow = (
  id: string,
  accountId: string,
  columns: Partial<MediaAttachmentsTable> = {},
): MediaAttachmentsTable => ({
  id,
  account_id: accountId,
  type: 'image',
  file_path: 'a/b.png',
  thumbnail_path: null,
  content_type: 'image/png',
  file_size: 3,
  width: 1,
  height: 1,
  blurhash: null,
  description: null,
  focus_x: null,
  focus_y: null,
  status_id: null,
  message_id: null,
  created_at: NOW,
  duration: null,
  preview_width: null,
  preview_height: null,
  ...columns,
});

describeEachDialect('migration 0015_remote_entities', (dialect: DialectName) => {
  let db: Db;
  let schema: string | undefined;

  async function freshDatabase(): Promise<Db> {
    if (dialect === 'sqlite') return createDatabase({ url: 'sqlite::memory:' });
    schema = await createTestSchema('m');
    return createDatabase({ url: TEST_POSTGRES_URL, schema });
  }

  afterEach(async () => {
    await db.destroy();
    if (schema) await dropTestSchema(schema);
    schema = undefined;
  });

  it('keeps the rows written before it, and what refers to them', async () => {
    db = await freshDatabase();
    await migrateTo(db, '0011_feeds');
    await db
      .insertInto('accounts')
      .values([account('1', 'Alice'), account('2', 'bob')])
      .execute();
    await db
      .insertInto('follows')
      .values({
        id: '10',
        account_id: '1',
        target_account_id: '2',
        show_reblogs: 1,
        notify: 0,
        created_at: NOW,
      })
      .execute();
    await db.insertInto('media_attachments').values(mediaRow('20', '1')).execute();
    await migrateToLatest(db);

    const accounts = await db
      .selectFrom('accounts')
      .select(['id', 'username', 'domain', 'uri'])
      .orderBy('id')
      .execute();
    expect(accounts).toEqual([
      { id: '1', username: 'Alice', domain: null, uri: null },
      { id: '2', username: 'bob', domain: null, uri: null },
    ]);
    const media = await db
      .selectFrom('media_attachments')
      .select(['id', 'file_path', 'remote_url'])
      .execute();
    expect(media).toEqual([{ id: '20', file_path: 'a/b.png', remote_url: null }]);
    // the follow still refers to both accounts: deleting one cascades as before
    await db.deleteFrom('accounts').where('id', '=', '2').execute();
    expect(await db.selectFrom('follows').selectAll().execute()).toEqual([]);
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(rows[0]?.foreign_keys).toBe(1);
    }
  });

  it('makes usernames unique per domain, local ones (NULL domain) included', async () => {
    db = await freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('accounts').values(account('1', 'alice')).execute();
    await expect(db.insertInto('accounts').values(account('2', 'Alice')).execute()).rejects.toThrow();
    await db
      .insertInto('accounts')
      .values({
        ...account('3', 'alice'),
        domain: 'remote.example',
        uri: 'https://remote.example/users/alice',
      })
      .execute();
    await db
      .insertInto('accounts')
      .values({
        ...account('4', 'alice'),
        domain: 'other.example',
        uri: 'https://other.example/users/alice',
      })
      .execute();
    await expect(
      db
        .insertInto('accounts')
        .values({
          ...account('5', 'ALICE'),
          domain: 'remote.example',
          uri: 'https://remote.example/users/x',
        })
        .execute(),
    ).rejects.toThrow();
    // one account per actor id
    await expect(
      db
        .insertInto('accounts')
        .values({
          ...account('6', 'al'),
          domain: 'remote.example',
          uri: 'https://remote.example/users/alice',
        })
        .execute(),
    ).rejects.toThrow();
    // remote media may have no local file
    await db
      .insertInto('media_attachments')
      .values(
        mediaRow('30', '3', { file_path: null, remote_url: 'https://remote.example/m.png', file_size: 0 }),
      )
      .execute();
  });
});
