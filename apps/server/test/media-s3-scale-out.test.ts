import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, MessageMedia } from '@palchat/api';
import { createDatabase, type Db } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { createTestSchema, dropTestSchema, postgresReachable, TEST_POSTGRES_URL } from './helpers/harness.js';
import { redisReachable, TEST_REDIS_URL } from './helpers/redis.js';
import { startTestBucket, type TestBucket } from './helpers/s3.js';
import {
  freePort,
  startProcess,
  stopProcess,
  waitUntilAnswering,
  type ServerProcess,
} from './helpers/server-process.js';
import { pngOf } from './helpers/social.js';

/**
 * Two real server processes that share only PostgreSQL, Redis and the bucket: each has a data folder of its
 * own, so a file uploaded through one can only be served by the other from the bucket.
 */

const skipped = !postgresReachable || !redisReachable;
if (skipped)
  console.warn('[tests] S3 scale-out test skipped: it needs PostgreSQL and Redis (see scale-out.test.ts).');

/** Every file under `folder`, as paths relative to it. */
const filesUnder = (folder: string): string[] =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));

describe.skipIf(skipped)('two server processes sharing a bucket, no folder', () => {
  let schema: string;
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-s3-scale-')));
  let bucket: TestBucket;
  let db: Db;
  let one: ServerProcess;
  let two: ServerProcess;
  let alice: TestAccount;

  beforeAll(async () => {
    bucket = await startTestBucket();
    schema = await createTestSchema('s3scale');
    db = createDatabase({ url: TEST_POSTGRES_URL, schema });
    await migrateToLatest(db);
    alice = await createAccount({ db }, { username: 'alice' });
    const shared = {
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `palchat-${schema}:`,
      // one deployment, one public address in front of both processes
      PUBLIC_URL: 'http://palchat.test',
      FEDERATION: 'off',
      ...bucket.env,
    };
    const [portOne, portTwo] = [await freePort(), await freePort()];
    one = startProcess({ ...shared, DATA_DIR: dataDirs[0]! }, portOne);
    two = startProcess({ ...shared, DATA_DIR: dataDirs[1]! }, portTwo);
    // two processes compiling TypeScript at start on a busy machine take their time
    await Promise.all([waitUntilAnswering(one, 150_000), waitUntilAnswering(two, 150_000)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([one, two].filter(Boolean).map(stopProcess));
    await db?.destroy();
    if (schema) await dropTestSchema(schema);
    await bucket?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = async (server: ServerProcess, method: string, url: string, form: FormData) => {
    const response = await fetch(server.url + url, {
      method,
      headers: { authorization: `Bearer ${alice.token}` },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  const fileForm = (field: string, data: Buffer) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png');
    return form;
  };
  /** What process `server` answers for a media URL of the deployment. */
  const served = async (server: ServerProcess, url: string) => {
    const response = await fetch(server.url + new URL(url).pathname);
    expect(response.status).toBe(200);
    return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('serves through process 2 an upload made through process 1, and the reverse for an avatar', async () => {
    const png = await pngOf(640, 480);
    const media = (await send(one, 'POST', '/api/v2/media', fileForm('file', png))) as MessageMedia;
    expect(media.url).toMatch(/^http:\/\/palchat\.test\/system\/media_attachments\//);
    expect(await served(two, media.url)).toEqual({ type: 'image/png', bytes: png });
    const preview = await served(two, media.preview_url!);
    expect(preview.type).toBe('image/webp');

    const account = (await send(
      two,
      'PATCH',
      '/api/v1/accounts/update_credentials',
      fileForm('avatar', png),
    )) as Account;
    const avatar = await served(one, account.avatar);
    expect(avatar.type).toBe('image/webp');
    expect(avatar.bytes).toEqual(
      await bucket.bytes(new URL(account.avatar).pathname.replace('/system/', '')),
    );

    // the site thumbnail too: both processes name the bucket's copy
    expect((await served(one, 'http://palchat.test/system/site/thumbnail.png')).type).toBe('image/png');
    // and no media file in either process's own folder
    for (const dir of dataDirs)
      expect(filesUnder(dir).filter((file) => file.startsWith('media'))).toEqual([]);
  });
});
