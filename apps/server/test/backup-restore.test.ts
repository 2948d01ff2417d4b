import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DialectName } from '../src/db/index.js';
import type { BackupManifest, BackupSecrets } from '../src/cli/backup-format.js';
import { mastodonActivities } from './helpers/activitypub.js';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { federationConfig, freePort } from './helpers/federation.js';
import {
  createTestSchema,
  createTestServer,
  describeEachDialect,
  dropTestSchema,
  TEST_POSTGRES_URL,
  TEST_SECRET_KEY_BASE,
  type TestServer,
} from './helpers/harness.js';
import { call } from './helpers/messaging.js';
import { startRemoteServer, type RemoteActor, type RemoteServer } from './helpers/remote-server.js';
import { uploadPng } from './helpers/social.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const admin = path.join(repoRoot, 'apps/server/src/cli/admin.ts');

/** Where one server keeps its data: its own folder and database (a SQLite file, or a PostgreSQL schema). */
interface Place {
  /** the origin it serves, `http://127.0.0.1:PORT` */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  schema?: string;
}

const envOf = (place: Place): NodeJS.ProcessEnv => ({
  ...process.env,
  PUBLIC_URL: place.publicUrl,
  DATA_DIR: place.dataDir,
  DATABASE_URL: place.databaseUrl,
  ...(place.schema ? { DATABASE_SCHEMA: place.schema } : {}),
  SECRET_KEY_BASE: TEST_SECRET_KEY_BASE,
  LOG_LEVEL: 'error',
});

/** `npm run admin -- ARGS` as an administrator types it, in a process of its own. */
async function runAdmin(place: Place, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [admin, ...args], {
      cwd: repoRoot,
      env: envOf(place),
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** A federating server on `port` whose data lives at `place`. */
async function startServer(dialect: DialectName, place: Place): Promise<TestServer> {
  const url = place.publicUrl;
  const { port } = new URL(url);
  const server = await createTestServer(
    dialect,
    {
      databaseUrl: place.databaseUrl,
      databaseSchema: place.schema ?? null,
      dataDir: place.dataDir,
      mediaDir: path.join(place.dataDir, 'media'),
      publicUrl: url,
      localDomain: `127.0.0.1:${port}`,
      federation: federationConfig({ allowHttp: true, allowPrivateAddresses: true, workers: 1 }),
    },
    place.schema ? { schema: place.schema } : {},
  );
  await server.app.listen({ host: '127.0.0.1', port: Number(port) });
  return server;
}

const sqliteIn = (dataDir: string) => `sqlite:${path.join(dataDir, 'palchat.sqlite3')}`;

async function asPostgresAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** What the load wrote and the server acknowledged, with when the acknowledgement came. */
interface Acknowledged {
  messages: { id: string; at: number }[];
  statuses: { id: string; mediaPath: string; at: number }[];
}

describeEachDialect('backup and restore of a running server', (dialect) => {
  let port: number;
  let original: Place;
  let restoredPlace: Place;
  let restoredDatabase: string | undefined;
  let server: TestServer | undefined;
  let restored: TestServer | undefined;
  let remote: RemoteServer;
  let bob: RemoteActor;
  let alice: TestAccount;
  let carol: TestAccount;
  const backupDir = () => path.join(original.dataDir, '..', `${path.basename(original.dataDir)}-backup`);

  beforeAll(async () => {
    port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-bk-'));
    const publicUrl = `http://127.0.0.1:${port}`;
    original =
      dialect === 'sqlite'
        ? { publicUrl, dataDir, databaseUrl: sqliteIn(dataDir) }
        : { publicUrl, dataDir, databaseUrl: TEST_POSTGRES_URL, schema: await createTestSchema('bk') };
    server = await startServer(dialect, original);
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await mutualFollow(server, alice, carol);
    const { activity } = mastodonActivities();
    expect(
      (await remote.post(`${server.ctx.config.publicUrl}/inbox`, activity(bob, 'Update', bob.document)))
        .status,
    ).toBe(202);
  });
  afterAll(async () => {
    await server?.close();
    await restored?.close();
    await remote?.close();
    for (const place of [original, restoredPlace]) {
      if (!place) continue;
      fs.rmSync(place.dataDir, { recursive: true, force: true });
      if (place.schema && place === original) await dropTestSchema(place.schema);
    }
    fs.rmSync(backupDir(), { recursive: true, force: true });
    if (restoredDatabase) await asPostgresAdmin(`drop database if exists ${restoredDatabase} with (force)`);
  });

  it(
    'restores every acknowledged message, status and media file, and the same keys and secrets',
    { timeout: 400_000 },
    async () => {
      const live = server as TestServer;
      // the actor's key and the VAPID pair exist before the backup, as on a server that has federated
      const actorBefore = (await (
        await fetch(`${live.ctx.config.publicUrl}/users/alice`, {
          headers: { accept: 'application/activity+json' },
        })
      ).json()) as { publicKey: { publicKeyPem: string } };
      const instanceBefore = await call(live, null, 'GET', '/api/v2/instance');

      const acknowledged: Acknowledged = { messages: [], statuses: [] };
      let loading = true;
      const load = (async () => {
        for (let round = 0; loading; round += 1) {
          const message = await call(live, alice, 'POST', '/api/v1/friend_messages', {
            recipient_id: carol.account.id,
            content: `message ${round}`,
          });
          expect(message.status, JSON.stringify(message.json)).toBe(201);
          acknowledged.messages.push({ id: message.body.id as string, at: Date.now() });
          const media = await uploadPng(live, carol);
          const status = await call(live, carol, 'POST', '/api/v1/statuses', {
            status: `post ${round}`,
            media_ids: [media.id],
          });
          expect(status.status, JSON.stringify(status.json)).toBe(200);
          const row = await live.db
            .selectFrom('media_attachments')
            .select('file_path')
            .where('id', '=', media.id)
            .executeTakeFirstOrThrow();
          acknowledged.statuses.push({
            id: status.body.id as string,
            mediaPath: row.file_path as string,
            at: Date.now(),
          });
          // a steady trickle, not a flood that starves the backup's own process of the CPU
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // some load before the backup starts, more while it runs
      while (acknowledged.statuses.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      const backupStarted = Date.now();
      const backup = await runAdmin(original, ['backup', backupDir()]);
      loading = false;
      await load;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`Backed up 127.0.0.1:${port}`);

      const manifest = JSON.parse(
        fs.readFileSync(path.join(backupDir(), 'manifest.json'), 'utf8'),
      ) as BackupManifest;
      expect(manifest).toMatchObject({ format: 1, local_domain: `127.0.0.1:${port}`, database: { dialect } });
      const secrets = JSON.parse(
        fs.readFileSync(path.join(backupDir(), 'secrets.json'), 'utf8'),
      ) as BackupSecrets;
      expect(secrets.secret_key_base).toEqual({ source: 'environment', value: TEST_SECRET_KEY_BASE });
      expect(secrets.vapid?.public_key).toBe(
        (instanceBefore.body.configuration as { vapid: { public_key: string } }).vapid.public_key,
      );
      expect(fs.statSync(path.join(backupDir(), 'secrets.json')).mode & 0o077).toBe(0);

      await live.close();
      server = undefined;

      // a new folder (and, for PostgreSQL, a new database with the backup's schema name)
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-restored-'));
      if (dialect === 'sqlite') restoredPlace = { ...original, dataDir, databaseUrl: sqliteIn(dataDir) };
      else {
        restoredDatabase = `palchat_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
        await asPostgresAdmin(`create database ${restoredDatabase}`);
        const url = new URL(TEST_POSTGRES_URL);
        url.pathname = `/${restoredDatabase}`;
        restoredPlace = { ...original, dataDir, databaseUrl: url.toString() };
      }
      const restore = await runAdmin(restoredPlace, ['restore', backupDir()]);
      expect(restore.code, restore.output).toBe(0);
      // once there, the data is not overwritten without --force
      const again = await runAdmin(restoredPlace, ['restore', backupDir()]);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty.*--force/);

      const back = await startServer(dialect, restoredPlace);
      restored = back;
      const messageIds = new Set(
        (await back.db.selectFrom('messages').select('id').execute()).map((row) => row.id),
      );
      const statusIds = new Set(
        (await back.db.selectFrom('statuses').select('id').execute()).map((row) => row.id),
      );
      const before = (entry: { at: number }) => entry.at < backupStarted;
      expect(acknowledged.messages.filter(before).length).toBeGreaterThan(0);
      for (const message of acknowledged.messages.filter(before))
        expect(messageIds.has(message.id)).toBe(true);
      for (const status of acknowledged.statuses) {
        if (!before(status) && !statusIds.has(status.id)) continue;
        // every restored status has its media file, byte for byte, served again
        expect(statusIds.has(status.id)).toBe(true);
        const file = path.join(restoredPlace.dataDir, 'media', status.mediaPath);
        expect(fs.readFileSync(file)).toEqual(
          fs.readFileSync(path.join(original.dataDir, 'media', status.mediaPath)),
        );
        const served = await back.app.inject({ method: 'GET', url: `/system/${status.mediaPath}` });
        expect(served.statusCode).toBe(200);
        const shown = await call(back, carol, 'GET', `/api/v1/statuses/${status.id}`);
        expect(shown.status).toBe(200);
      }
      const instanceAfter = await call(back, null, 'GET', '/api/v2/instance');
      expect(instanceAfter.body.configuration).toMatchObject({
        vapid: instanceBefore.body.configuration
          ? (instanceBefore.body.configuration as { vapid: unknown }).vapid
          : {},
      });

      // the same actor key, and a remote server still verifies what the restored server signs
      const actorAfter = (await (
        await fetch(`${back.ctx.config.publicUrl}/users/alice`, {
          headers: { accept: 'application/activity+json' },
        })
      ).json()) as { publicKey: { publicKeyPem: string } };
      expect(actorAfter.publicKey.publicKeyPem).toBe(actorBefore.publicKey.publicKeyPem);
      const bobRow = await back.db
        .selectFrom('accounts')
        .select('id')
        .where('uri', '=', bob.id)
        .executeTakeFirstOrThrow();
      expect((await call(back, alice, 'POST', `/api/v1/accounts/${bobRow.id}/follow`)).status).toBe(200);
      const follow = await remote.waitForActivity((received) => received.activity.type === 'Follow');
      expect(follow.verifiedKeyId).toBe(`${back.ctx.config.publicUrl}/users/alice#main-key`);
    },
  );
});
