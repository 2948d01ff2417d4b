import { describe, expect, it } from 'vitest';
import { readInitialState } from './initial-state';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = 'initial-state';
    script.type = 'application/json';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

const valid = {
  identity: { signedIn: true, accountId: '1', username: 'ann', permissions: 0 },
  settings: { layout: 'auto', columns: [], introductionVersion: 0 },
  csrfToken: 'token',
  accessToken: 'bearer',
  server: { domain: 'example.test' },
};

describe('readInitialState', () => {
  it('returns the state the server embedded', () => {
    expect(readInitialState(pageWith(JSON.stringify(valid)))).toEqual(valid);
  });

  it('treats a page without state as a signed-out visitor', () => {
    expect(readInitialState(pageWith(null)).identity.signedIn).toBe(false);
  });

  it('refuses a state without its outline', () => {
    expect(() => readInitialState(pageWith(JSON.stringify({ ...valid, settings: null })))).toThrow(
      'The page carries no valid initial state',
    );
  });
});
