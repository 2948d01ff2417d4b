import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { getServerSettings, updateServerSettings } from './service.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';

describeEachDialect('server settings', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect);
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await server.db.deleteFrom('server_settings').execute();
  });

  it('falls back to the defaults for missing rows and for stored values that no longer validate', async () => {
    await server.db
      .insertInto('server_settings')
      .values([
        { key: 'registrations_mode', value: 'sometimes' },
        { key: 'retired_setting', value: 'x' },
        { key: 'site_title', value: 'Stored' },
      ])
      .execute();
    expect(await getServerSettings(server.db)).toMatchObject({
      registrations_mode: 'open',
      site_title: 'Stored',
    });
  });

  it('stores several settings at once, and nothing when one of them is invalid', async () => {
    await updateServerSettings(server.db, { site_title: 'First', timeline_preview: false });
    await updateServerSettings(server.db, { site_title: 'Second' });
    expect(await getServerSettings(server.db)).toMatchObject({
      site_title: 'Second',
      timeline_preview: false,
    });
    await expect(
      updateServerSettings(server.db, { site_title: 'Third', explore_enabled: 'perhaps' }),
    ).rejects.toThrow(/explore_enabled/);
    await expect(updateServerSettings(server.db, { unknown_key: 'x' })).rejects.toThrow(
      /Unknown setting unknown_key/,
    );
    expect((await getServerSettings(server.db)).site_title).toBe('Second');
  });
});
