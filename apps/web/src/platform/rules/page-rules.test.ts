import { describe, expect, it } from 'vitest';
import { shouldWarnBeforeLeaving } from './leave-page';
import { interpretServiceWorkerMessage } from './service-worker-message';
import { isBrowserAddonError, isChunkLoadError, stackTraceOf } from './route-errors';

describe('shouldWarnBeforeLeaving', () => {
  it('warns with text', () => {
    expect(shouldWarnBeforeLeaving({ text: 'hello', mediaCount: 0 })).toBe(true);
  });
  it('warns with media', () => {
    expect(shouldWarnBeforeLeaving({ text: '', mediaCount: 1 })).toBe(true);
  });
  it('does not warn for an empty or blank draft', () => {
    expect(shouldWarnBeforeLeaving({ text: '   ', mediaCount: 0 })).toBe(false);
  });
});

describe('interpretServiceWorkerMessage', () => {
  it('turns a navigate message into a path to push', () => {
    expect(interpretServiceWorkerMessage({ type: 'navigate', path: '/notifications' })).toEqual({
      kind: 'navigate',
      path: '/notifications',
    });
  });
  it('treats anything else as unknown', () => {
    expect(interpretServiceWorkerMessage({ type: 'other' }).kind).toBe('unknown');
    expect(interpretServiceWorkerMessage({ type: 'navigate', path: 'https://evil.example' }).kind).toBe(
      'unknown',
    );
    expect(interpretServiceWorkerMessage('hello').kind).toBe('unknown');
  });
});

describe('route errors', () => {
  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    const named = new Error('boom');
    named.name = 'ChunkLoadError';
    expect(isChunkLoadError(named)).toBe(true);
  });
  it('does not mistake render errors for chunk failures', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
  it('blames browser add-ons for NotFoundError', () => {
    const error = new Error("Failed to execute 'removeChild' on 'Node'");
    error.name = 'NotFoundError';
    expect(isBrowserAddonError(error)).toBe(true);
    expect(isBrowserAddonError(new Error('other'))).toBe(false);
  });
  it('prints name, message and stack', () => {
    const error = new Error('boom');
    expect(stackTraceOf(error).startsWith('Error: boom')).toBe(true);
    expect(stackTraceOf('plain')).toBe('plain');
  });
});
