import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { scheduledStatusSchema, type ScheduledStatus } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller, uploadPng } from './helpers/social.js';
import { publishDueStatuses } from '../src/statuses/scheduled.js';
import { buildApp } from '../src/http/app.js';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const silentLog = { warn: () => undefined };

describeEachDialect('scheduled statuses', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    // the periodic sweep stays out of the way; each test runs it when it means to
    server = await createTestServer(dialect, { scheduledStatusSweepMs: 3_600_000 });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
  });
  afterAll(async () => server.close());

  const schedule = async (who: TestAccount, minutes: number, extra: Record<string, unknown> = {}) => {
    const response = await call(who, 'POST', '/api/v1/statuses', {
      status: 'later',
      scheduled_at: inMinutes(minutes),
      ...extra,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return scheduledStatusSchema.parse(response.json);
  };
  /** Moves a scheduled status's time into the past, as if the clock had reached it. */
  const makeDue = async (id: string) =>
    server.db
      .updateTable('scheduled_statuses')
      .set({ scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id.padStart(18, '0'))
      .execute();
  const statusesOf = async (who: TestAccount) =>
    (await call(who, 'GET', `/api/v1/accounts/${who.account.id}/statuses`)).json as {
      id: string;
      content: string;
      media_attachments: { id: string }[];
      in_reply_to_id: string | null;
      visibility: string;
    }[];

  it('refuses a time less than five minutes ahead or unreadable, and posts a past time at once', async () => {
    const soon = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'soon',
      scheduled_at: inMinutes(2),
    });
    expect(soon.status).toBe(422);
    expect(soon.body.error).toMatch(/5 minutes/);
    const garbled = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'x',
      scheduled_at: 'tomorrowish',
    });
    expect(garbled.status).toBe(422);
    const past = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'past',
      scheduled_at: inMinutes(-60),
    });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({
      content: expect.stringContaining('past') as string,
      visibility: 'public',
    });
    const empty = await call(alice, 'POST', '/api/v1/statuses', { status: '', scheduled_at: inMinutes(60) });
    expect(empty.status).toBe(422);
    expect(await server.db.selectFrom('scheduled_statuses').selectAll().execute()).toEqual([]);
  });

  it('keeps a scheduled status with its params and uploads, reserved until it is published', async () => {
    const media = await uploadPng(server, alice, { description: 'a square' });
    const scheduled = await schedule(alice, 60, {
      status: 'with a picture',
      media_ids: [media.id],
      visibility: 'unlisted',
      spoiler_text: 'cw',
    });
    expect(scheduled.params).toMatchObject({
      text: 'with a picture',
      media_ids: [media.id],
      visibility: 'unlisted',
      spoiler_text: 'cw',
      poll: null,
      in_reply_to_id: null,
      scheduled_at: null,
    });
    expect(scheduled.media_attachments).toMatchObject([{ id: media.id, description: 'a square' }]);
    expect(new Date(scheduled.scheduled_at).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    // nothing was posted
    expect((await statusesOf(alice)).some((status) => status.content.includes('with a picture'))).toBe(false);
    // the upload belongs to the scheduled status now
    const reuse = await call(alice, 'POST', '/api/v1/statuses', { status: 'reuse', media_ids: [media.id] });
    expect(reuse.status).toBe(422);

    expect(await call(alice, 'GET', `/api/v1/scheduled_statuses/${scheduled.id}`)).toMatchObject({
      status: 200,
      json: scheduled,
    });
    expect((await call(bob, 'GET', `/api/v1/scheduled_statuses/${scheduled.id}`)).status).toBe(404);

    await makeDue(scheduled.id);
    expect(await publishDueStatuses(server.ctx, silentLog)).toBe(1);
    const [posted] = await statusesOf(alice);
    expect(posted).toMatchObject({ visibility: 'unlisted', media_attachments: [{ id: media.id }] });
    expect(posted?.content).toContain('with a picture');
    expect((await call(alice, 'GET', `/api/v1/scheduled_statuses/${scheduled.id}`)).status).toBe(404);
  });

  it('lists newest first in pages, reschedules and cancels, giving the uploads back', async () => {
    const first = await schedule(alice, 30);
    const second = await schedule(alice, 40);
    const page = await call(alice, 'GET', '/api/v1/scheduled_statuses?limit=1');
    expect((page.json as ScheduledStatus[]).map((item) => item.id)).toEqual([second.id]);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.raw.headers.link))?.[1];
    expect(next).toBeTruthy();
    const older = await call(alice, 'GET', new URL(next ?? '').pathname + new URL(next ?? '').search);
    expect((older.json as ScheduledStatus[]).map((item) => item.id)).toEqual([first.id]);
    expect((await call(bob, 'GET', '/api/v1/scheduled_statuses')).json).toEqual([]);

    const tooSoon = await call(alice, 'PUT', `/api/v1/scheduled_statuses/${first.id}`, {
      scheduled_at: inMinutes(1),
    });
    expect(tooSoon.status).toBe(422);
    const later = inMinutes(120);
    const moved = await call(alice, 'PUT', `/api/v1/scheduled_statuses/${first.id}`, { scheduled_at: later });
    expect(moved.status).toBe(200);
    expect(moved.body.scheduled_at).toBe(later);
    expect(
      (await call(bob, 'PUT', `/api/v1/scheduled_statuses/${first.id}`, { scheduled_at: later })).status,
    ).toBe(404);

    const media = await uploadPng(server, alice);
    const withMedia = await schedule(alice, 50, { media_ids: [media.id] });
    expect(await call(alice, 'DELETE', `/api/v1/scheduled_statuses/${withMedia.id}`)).toMatchObject({
      status: 200,
      json: {},
    });
    expect((await call(alice, 'GET', `/api/v1/scheduled_statuses/${withMedia.id}`)).status).toBe(404);
    const reuse = await call(alice, 'POST', '/api/v1/statuses', { status: 'reuse', media_ids: [media.id] });
    expect(reuse.status).toBe(200);
    for (const { id } of [first, second]) await call(alice, 'DELETE', `/api/v1/scheduled_statuses/${id}`);
  });

  it('answers a repeated Idempotency-Key with the same scheduled status', async () => {
    const headers = { 'idempotency-key': 'schedule-once' };
    const payload = { status: 'once', scheduled_at: inMinutes(90) };
    const first = await call(alice, 'POST', '/api/v1/statuses', payload, headers);
    const again = await call(alice, 'POST', '/api/v1/statuses', payload, headers);
    expect(again.json).toEqual(first.json);
    expect((await call(alice, 'GET', '/api/v1/scheduled_statuses')).json).toHaveLength(1);
    await call(alice, 'DELETE', `/api/v1/scheduled_statuses/${first.id}`);
  });

  it('publishes a due status once when sweeps race, and takes over a claim its sweep left behind', async () => {
    const scheduled = await schedule(bob, 60, { status: 'exactly once' });
    await makeDue(scheduled.id);
    const published = await Promise.all([
      publishDueStatuses(server.ctx, silentLog),
      publishDueStatuses(server.ctx, silentLog),
      publishDueStatuses(server.ctx, silentLog),
    ]);
    expect(published.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await statusesOf(bob)).filter((status) => status.content.includes('exactly once'))).toHaveLength(
      1,
    );

    const abandoned = await schedule(bob, 60, { status: 'left behind' });
    await makeDue(abandoned.id);
    const claimedAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const abandon = (minutesAgo: number) =>
      server.db
        .updateTable('scheduled_statuses')
        .set({ claimed_at: claimedAt(minutesAgo) })
        .where('id', '=', abandoned.id.padStart(18, '0'))
        .execute();
    await abandon(1);
    expect(await publishDueStatuses(server.ctx, silentLog)).toBe(0);
    await abandon(10);
    expect(await publishDueStatuses(server.ctx, silentLog)).toBe(1);
    expect((await statusesOf(bob))[0]?.content).toContain('left behind');
  });

  it('publishes by the database’s clock, not a fast process clock, and logs the skew', async () => {
    const scheduled = await schedule(alice, 60, { status: 'not before its time' });
    const warnings: { details: object; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60_000 });
    try {
      expect(await publishDueStatuses(server.ctx, log)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect((await call(alice, 'GET', `/api/v1/scheduled_statuses/${scheduled.id}`)).status).toBe(200);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/clock is 7200 s ahead of the database's/);
    expect((warnings[0]?.details as { skewMs: number }).skewMs).toBeGreaterThan(7_190_000);
    await makeDue(scheduled.id);
    expect(await publishDueStatuses(server.ctx, log)).toBe(1);
    expect(warnings).toHaveLength(1);
  });

  it('drops a scheduled reply whose parent is gone by then, releasing its uploads', async () => {
    const parent = await call(bob, 'POST', '/api/v1/statuses', { status: 'parent' });
    const media = await uploadPng(server, alice);
    const reply = await schedule(alice, 60, { in_reply_to_id: parent.id, media_ids: [media.id] });
    expect(reply.params.in_reply_to_id).toBe(parent.id);
    await call(bob, 'DELETE', `/api/v1/statuses/${parent.id}`);
    await makeDue(reply.id);
    expect(await publishDueStatuses(server.ctx, silentLog)).toBe(0);
    expect((await call(alice, 'GET', `/api/v1/scheduled_statuses/${reply.id}`)).status).toBe(404);
    expect(
      (await call(alice, 'POST', '/api/v1/statuses', { status: 'x', media_ids: [media.id] })).status,
    ).toBe(200);
  });

  it('publishes from the periodic sweep of a server started after the status was scheduled', async () => {
    const scheduled = await schedule(alice, 60, { status: 'after a restart' });
    await makeDue(scheduled.id);
    // a second app on the same database, sweeping often: what a restarted process does
    const app = await buildApp({
      ...server.ctx,
      config: { ...server.ctx.config, scheduledStatusSweepMs: 100 },
    });
    await app.ready();
    try {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        if ((await statusesOf(alice))[0]?.content.includes('after a restart')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await statusesOf(alice))[0]?.content).toContain('after a restart');
    } finally {
      await app.close();
    }
  });
});
