import { afterEach, describe, expect, it } from 'vitest';
import { composeDraftStore } from '../../platform/stores/compose-draft';
import { addMediaFiles } from './add-media';
import { composeExtrasStore } from './compose-extras';
import { resetCompose } from './compose-session';

const limits = {
  max: 2,
  supportedTypes: ['image/png', 'video/mp4'],
  sizeLimits: { image: 1024 * 1024, video: null },
};
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const attachedNames = () => composeDraftStore.get().media.map((media) => media.name);

afterEach(resetCompose);

describe('files picked or dropped for a post', () => {
  it('attaches what the server takes and says why the rest was left out', () => {
    addMediaFiles(
      [
        file('a.png', 'image/png'),
        file('notes.txt', 'text/plain'),
        file('huge.png', 'image/png', 2 * 1024 * 1024),
      ],
      limits,
    );
    expect(attachedNames()).toEqual(['a.png']);
    expect(composeExtrasStore.get().mediaProblem).toBe('unsupported');
    expect(composeExtrasStore.get().oversizedMedia).toEqual({ name: 'huge.png', megabytes: 1 });
  });

  it('stops at the server maximum, and clears the notice once files are taken without a problem', () => {
    addMediaFiles(
      [file('a.png', 'image/png'), file('b.png', 'image/png'), file('c.png', 'image/png')],
      limits,
    );
    expect(attachedNames()).toEqual(['a.png', 'b.png']);
    expect(composeExtrasStore.get().mediaProblem).toBe('limit');
    resetCompose();
    addMediaFiles([file('d.png', 'image/png')], limits);
    expect(attachedNames()).toEqual(['d.png']);
    expect(composeExtrasStore.get().mediaProblem).toBeNull();
    expect(composeExtrasStore.get().oversizedMedia).toBeNull();
  });
});
