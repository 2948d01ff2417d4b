import { describe, expect, it } from 'vitest';
import { repositoryUrlOf } from './source-code.js';

describe('repositoryUrlOf', () => {
  it('reads the repository as a string or as npm writes it', () => {
    expect(repositoryUrlOf({ repository: 'https://code.example/palchat/palchat' })).toBe(
      'https://code.example/palchat/palchat',
    );
    expect(
      repositoryUrlOf({ repository: { type: 'git', url: 'git+https://code.example/palchat/palchat.git' } }),
    ).toBe('https://code.example/palchat/palchat');
  });

  it('is empty when the manifest names no web address', () => {
    expect(repositoryUrlOf({})).toBe('');
    expect(repositoryUrlOf(null)).toBe('');
    expect(repositoryUrlOf({ repository: 'github:palchat/palchat' })).toBe('');
    expect(repositoryUrlOf({ repository: { url: 'git@code.example:palchat/palchat.git' } })).toBe('');
  });
});
