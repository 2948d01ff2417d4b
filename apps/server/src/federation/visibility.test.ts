import { PUBLIC_COLLECTION } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { addressingForVisibility } from './visibility.js';

const followers = new URL('https://social.example/users/alice/followers');
const bob = new URL('https://other.example/users/bob');
const hrefs = (urls: URL[]) => urls.map((url) => url.href);

describe('addressingForVisibility (Mastodon’s table)', () => {
  it.each([
    ['public', [PUBLIC_COLLECTION], [followers, bob]],
    ['unlisted', [followers], [PUBLIC_COLLECTION, bob]],
    ['private', [followers], [bob]],
    ['direct', [bob], []],
  ] as const)('%s', (visibility, to, cc) => {
    const addressing = addressingForVisibility(visibility, { followers, mentioned: [bob] });
    expect(hrefs(addressing.tos)).toEqual(hrefs([...to]));
    expect(hrefs(addressing.ccs)).toEqual(hrefs([...cc]));
  });
});
