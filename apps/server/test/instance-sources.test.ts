import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { instanceSchema, instanceV1Schema, type Instance, type InstanceV1 } from '@palchat/api';
import { runAdminCommand } from '../src/cli/commands.js';
import { createDatabase } from '../src/db/index.js';
import { buildApp } from '../src/http/app.js';
import { RedisEventBus } from '../src/streaming/redis-bus.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { csrfHeaders, signUpSession } from './helpers/auth.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from './helpers/redis.js';

/**
 * The instance documents are read once per process and kept: two app instances on one database, each with its own
 * Redis bus as two server processes have, and the admin command line with a third. Every change must reach both.
 */
warnRedisSkipped('instance documents across processes');

const BUS_WAIT_MS = 3000;

if (redisReachable)
  describeEachDialect('instance documents kept per process', (dialect) => {
    let server: TestServer;
    let apps: FastifyInstance[];
    let cliBus: RedisEventBus;
    const closers: Array<() => Promise<void>> = [];
    let aliceSession: string;

    beforeAll(async () => {
      server = await createTestServer(dialect);
      const prefix = `palchat-test-${randomUUID()}:`;
      const bus = async () => {
        const created = new RedisEventBus(TEST_REDIS_URL, prefix);
        await created.ready();
        closers.push(() => created.close());
        return created;
      };
      apps = [];
      for (let index = 0; index < 2; index += 1) {
        const app = await buildApp({ ...server.ctx, bus: await bus() });
        closers.unshift(() => app.close());
        apps.push(app);
      }
      cliBus = await bus();
      aliceSession = await signUpSession(server, 'alice');
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await server.close();
    });

    const admin = async (...argv: string[]) => {
      const err: string[] = [];
      const code = await runAdminCommand(server.db, argv, { out: () => {}, err: (l) => err.push(l) }, cliBus);
      expect({ code, err }).toEqual({ code: 0, err: [] });
    };
    const v2 = async (app: FastifyInstance): Promise<Instance> =>
      instanceSchema.parse((await app.inject({ url: '/api/v2/instance' })).json());
    const v1 = async (app: FastifyInstance): Promise<InstanceV1> =>
      instanceV1Schema.parse((await app.inject({ url: '/api/v1/instance' })).json());

    /** Waits (at most BUS_WAIT_MS, the bus's delivery) until `app` shows what `check` expects. */
    async function eventually(check: () => Promise<void>): Promise<void> {
      const deadline = Date.now() + BUS_WAIT_MS;
      for (;;) {
        try {
          await check();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
    }

    it('shows a setting changed by the admin command on both processes', async () => {
      for (const app of apps) expect((await v2(app)).title).toBe('Palchat');
      await admin('settings', 'set', 'site_title', 'Pals');
      for (const app of apps) {
        await eventually(async () => {
          expect((await v2(app)).title).toBe('Pals');
          expect((await v1(app)).title).toBe('Pals');
        });
      }
    });

    it('shows rules and terms added by the admin command, in the documents and the rules route', async () => {
      for (const app of apps) expect((await v1(app)).rules).toEqual([]);
      await admin('rules', 'add', 'Be kind');
      const termsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-terms-')), 'terms.txt');
      fs.writeFileSync(termsFile, 'Play nice.');
      await admin('terms', 'set', '2026-01-01', termsFile);
      for (const app of apps) {
        await eventually(async () => {
          expect((await v2(app)).rules.map((rule) => rule.text)).toEqual(['Be kind']);
          expect((await v1(app)).rules.map((rule) => rule.text)).toEqual(['Be kind']);
          const rules = (await app.inject({ url: '/api/v1/instance/rules' })).json<
            Array<{
              text: string;
            }>
          >();
          expect(rules.map((rule) => rule.text)).toEqual(['Be kind']);
          expect((await v2(app)).configuration.urls.terms_of_service).toMatch(/\/terms-of-service$/);
        });
      }
    });

    it("shows the contact account's profile edit at once where it was made, and on the other process", async () => {
      await admin('settings', 'set', 'site_contact_username', 'alice');
      for (const app of apps)
        await eventually(async () => expect((await v2(app)).contact.account?.username).toBe('alice'));
      const [here, there] = apps as [FastifyInstance, FastifyInstance];
      const edit = await here.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        ...csrfHeaders({ _palchat_session: aliceSession }),
        payload: { display_name: 'Alice at the desk' },
      });
      expect(edit.statusCode).toBe(200);
      // the same process: no wait for the bus
      expect((await v2(here)).contact.account?.display_name).toBe('Alice at the desk');
      expect((await v1(here)).contact_account?.display_name).toBe('Alice at the desk');
      await eventually(async () =>
        expect((await v2(there)).contact.account?.display_name).toBe('Alice at the desk'),
      );
    });

    it('hides a disabled contact account and shows it again once enabled', async () => {
      await admin('disable', 'alice');
      for (const app of apps)
        await eventually(async () => expect((await v2(app)).contact.account).toBeNull());
      await admin('enable', 'alice');
      for (const app of apps)
        await eventually(async () => expect((await v1(app)).contact_account?.username).toBe('alice'));
    });
  });

it('shows on a single SQLite server without a bus what the admin command line wrote to its database file', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-instance-file-'));
  const databaseUrl = `sqlite:${path.join(dataDir, 'palchat.db')}`;
  const server = await createTestServer('sqlite', { databaseUrl });
  // the command line's own connection to the file, and no bus: as `npm run admin` beside `npm start`
  const cliDb = createDatabase({ url: databaseUrl });
  try {
    const rules = async () =>
      (await server.app.inject({ url: '/api/v1/instance/rules' }))
        .json<Array<{ text: string }>>()
        .map((rule) => rule.text);
    expect(await rules()).toEqual([]);
    const code = await runAdminCommand(cliDb, ['rules', 'add', 'Be kind'], { out: () => {}, err: () => {} });
    expect(code).toBe(0);
    expect(await rules()).toEqual(['Be kind']);
  } finally {
    await cliDb.destroy();
    await server.close();
  }
});
