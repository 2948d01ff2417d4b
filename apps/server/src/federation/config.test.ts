import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

const federationOf = (env: NodeJS.ProcessEnv) => loadConfig(env).federation;

describe('config.federation', () => {
  it('is on with an https PUBLIC_URL, with its defaults', () => {
    expect(federationOf({ PUBLIC_URL: 'https://social.example' })).toEqual({
      enabled: true,
      disabledReason: null,
      allowHttp: false,
      allowPrivateAddresses: false,
      authorizedFetch: false,
      workers: 1,
      queueConcurrency: 64,
      hostConcurrency: 4,
      firstRetrySeconds: 60,
      circuitRecoverySeconds: 60,
    });
  });

  it('defaults to off, saying why, for a local http start (npm start at http://127.0.0.1:3000)', () => {
    for (const env of [
      {},
      { PUBLIC_URL: 'http://127.0.0.1:3000' },
      { PUBLIC_URL: 'http://localhost:3000' },
    ]) {
      const federation = federationOf(env);
      expect(federation.enabled).toBe(false);
      expect(federation.disabledReason).toContain('plain http');
    }
  });

  it('refuses to start with a public plain-http PUBLIC_URL, or FEDERATION=on over http', () => {
    expect(() => federationOf({ PUBLIC_URL: 'http://social.example' })).toThrow(/needs an https PUBLIC_URL/);
    expect(() => federationOf({ PUBLIC_URL: 'http://127.0.0.1:3000', FEDERATION: 'on' })).toThrow(
      /FEDERATION=off for a private server/,
    );
  });

  it('federates over http only with FEDERATION_ALLOW_HTTP=true, and stays off with FEDERATION=off', () => {
    expect(federationOf({ PUBLIC_URL: 'http://social.example', FEDERATION_ALLOW_HTTP: 'true' }).enabled).toBe(
      true,
    );
    const off = federationOf({ PUBLIC_URL: 'https://social.example', FEDERATION: 'off' });
    expect(off).toMatchObject({ enabled: false, disabledReason: null });
  });

  it('reads the other settings and refuses malformed ones', () => {
    const federation = federationOf({
      PUBLIC_URL: 'https://social.example',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      AUTHORIZED_FETCH: 'true',
      FEDERATION_WORKERS: '0',
      FEDERATION_FIRST_RETRY_SECONDS: '5',
      FEDERATION_CIRCUIT_RECOVERY_SECONDS: '10',
      FEDERATION_QUEUE_CONCURRENCY: '8',
      FEDERATION_HOST_CONCURRENCY: '2',
    });
    expect(federation).toMatchObject({
      allowPrivateAddresses: true,
      authorizedFetch: true,
      workers: 0,
      firstRetrySeconds: 5,
      circuitRecoverySeconds: 10,
      queueConcurrency: 8,
      hostConcurrency: 2,
    });
    expect(() => federationOf({ FEDERATION_FIRST_RETRY_SECONDS: '0' })).toThrow(/FIRST_RETRY/);
    expect(() => federationOf({ FEDERATION_CIRCUIT_RECOVERY_SECONDS: '0' })).toThrow(/CIRCUIT_RECOVERY/);
    expect(() => federationOf({ FEDERATION_QUEUE_CONCURRENCY: '0' })).toThrow(/QUEUE_CONCURRENCY/);
    expect(() => federationOf({ FEDERATION_HOST_CONCURRENCY: '0' })).toThrow(/HOST_CONCURRENCY/);
    expect(() => federationOf({ FEDERATION: 'yes' })).toThrow(/FEDERATION must be "on" or "off"/);
    expect(() => federationOf({ AUTHORIZED_FETCH: 'yes' })).toThrow(/AUTHORIZED_FETCH must be/);
    expect(() => federationOf({ FEDERATION_WORKERS: '-1' })).toThrow(/FEDERATION_WORKERS/);
  });
});
