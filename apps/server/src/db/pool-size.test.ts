import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('config.databasePoolSize', () => {
  it("is Mastodon's default of five connections a process unless DATABASE_POOL_SIZE says otherwise", () => {
    expect(loadConfig({}).databasePoolSize).toBe(5);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('keeps at least one connection', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '0' }).databasePoolSize).toBe(1);
  });
});
