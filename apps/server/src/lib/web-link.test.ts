import { describe, expect, it } from 'vitest';
import { webLinkOf, webLinkOr } from './web-link.js';

describe('webLinkOf', () => {
  it('keeps http and https URLs', () => {
    expect(webLinkOf('https://remote.example/@ann')).toBe('https://remote.example/@ann');
    expect(webLinkOf('HTTP://remote.example/notes/1')).toBe('http://remote.example/notes/1');
  });

  it('refuses every other scheme, relative and unparsable values', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://remote.example/file',
      '//remote.example/@ann',
      '/@ann',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(webLinkOf(value), String(value)).toBeNull();
    }
  });

  it('falls back to the id given', () => {
    expect(webLinkOr('javascript:alert(1)', 'https://remote.example/users/ann')).toBe(
      'https://remote.example/users/ann',
    );
  });
});
