import type { Status } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { isShownAlready } from './shown-already';

const post = (id: string) => ({ id, reblog: null }) as Status;
const boost = (id: string, of: Status) => ({ id, reblog: of }) as Status;

describe('a streamed status already in view (Mastodon does not insert a boost of a post in Home)', () => {
  const original = post('10');
  it('skips a boost of a status shown in the timeline', () => {
    expect(isShownAlready(boost('20', original), [post('11'), original])).toBe(true);
  });
  it('skips a second boost of a status shown boosted', () => {
    expect(isShownAlready(boost('21', original), [boost('20', original)])).toBe(true);
  });
  it('skips the same status delivered twice', () => {
    expect(isShownAlready(post('11'), [post('11')])).toBe(true);
  });
  it('lets in a boost of a status not shown, and new posts', () => {
    expect(isShownAlready(boost('20', original), [post('11'), boost('12', post('9'))])).toBe(false);
    expect(isShownAlready(post('12'), [post('11'), original])).toBe(false);
  });
});
