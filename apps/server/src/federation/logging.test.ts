import { getLogger, resetSync } from '@logtape/logtape';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFederationLogLevel } from '../config.js';
import { routeFedifyLogs } from './logging.js';
import { NotFetchedError } from './not-fetched.js';

/** A pino logger at `level` whose JSON lines are collected. */
function capturedPino(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('Fedify logs (LogTape) in the server log', () => {
  afterEach(() => resetSync());

  it('writes a Fedify record as a pino JSON line: level, category, rendered message, short fields', () => {
    const { logger, lines } = capturedPino('info');
    routeFedifyLogs(logger, 'warning');
    const activity = { type: 'Create', content: 'x'.repeat(5000) };
    getLogger(['fedify', 'sig', 'http']).warn('Failed to verify the signature with {keyId}.', {
      keyId: new URL('https://remote.example/users/bob#main-key'),
      status: 401,
      activity,
    });
    getLogger(['fedify', 'federation', 'inbox']).info('an info line below the level');
    getLogger(['someone-else']).error('not Fedify');
    // our embedded-only lookups refuse to fetch on purpose: no failure to report
    const url = 'https://remote.example/follows/1';
    getLogger(['fedify', 'vocab']).error('Failed to fetch {url}: {error}', {
      url,
      error: new NotFetchedError(url),
    });
    getLogger(['fedify', 'federation', 'actor']).warn(
      'You configured a followers collection dispatcher, but the actor does not have a followers property.',
    );
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 40,
      category: 'fedify.sig.http',
      msg: 'Failed to verify the signature with https://remote.example/users/bob#main-key.',
      keyId: 'https://remote.example/users/bob#main-key',
      status: 401,
    });
    // a body is summarised, never dumped whole
    expect(String(line!.activity).length).toBeLessThan(400);
  });

  it('follows FEDERATION_LOG_LEVEL rather than LOG_LEVEL, and can be off', () => {
    const { logger, lines } = capturedPino('warn');
    routeFedifyLogs(logger, parseFederationLogLevel('debug'));
    getLogger(['fedify', 'federation', 'queue']).debug('retrying a delivery');
    expect(lines.map((line) => line.msg)).toEqual(['retrying a delivery']);
    routeFedifyLogs(logger, parseFederationLogLevel('off'));
    getLogger(['fedify', 'federation', 'queue']).error('unseen');
    expect(lines).toHaveLength(1);
  });

  it('reads LOG_LEVEL-style names and LogTape names; refuses others', () => {
    expect(parseFederationLogLevel(undefined)).toBe('warning');
    expect(parseFederationLogLevel('warn')).toBe('warning');
    expect(parseFederationLogLevel('warning')).toBe('warning');
    expect(parseFederationLogLevel('INFO')).toBe('info');
    expect(parseFederationLogLevel('silent')).toBeNull();
    expect(() => parseFederationLogLevel('loud')).toThrow(/FEDERATION_LOG_LEVEL/);
  });
});
