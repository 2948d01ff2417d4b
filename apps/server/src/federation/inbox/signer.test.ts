import { describe, expect, it } from 'vitest';
import { INSTANCE_ACTOR } from '../actors.js';
import { chooseSigner } from './signer.js';

describe('chooseSigner (Mastodon signed_fetch_actor)', () => {
  it('prefers the personal inbox owner, then the first addressee, then a local follower of the sender', () => {
    expect(chooseSigner({ recipient: 'alice', addressee: 'bob', follower: 'carol' })).toEqual({
      identifier: 'alice',
      why: 'recipient',
    });
    expect(chooseSigner({ recipient: null, addressee: 'bob', follower: 'carol' })).toEqual({
      identifier: 'bob',
      why: 'addressee',
    });
    expect(chooseSigner({ recipient: null, addressee: undefined, follower: 'carol' })).toEqual({
      identifier: 'carol',
      why: 'follower',
    });
  });

  it('falls back to the instance actor when the activity is meant for nobody here', () => {
    expect(chooseSigner({ recipient: null, addressee: undefined, follower: undefined })).toEqual({
      identifier: INSTANCE_ACTOR,
      why: 'instance',
    });
  });
});
