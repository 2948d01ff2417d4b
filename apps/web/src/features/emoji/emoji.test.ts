import { describe, expect, it } from 'vitest';
import { hasColourPixels } from './emoji-support';
import { splitEmoji, twemojiFile } from './twemoji';

const pixels = (...rgba: number[][]) => rgba.flat();

describe('hasColourPixels: whether the system drew the smiley in colour', () => {
  it('says yes for a yellow face', () => {
    expect(hasColourPixels(pixels([0, 0, 0, 0], [250, 200, 40, 255]))).toBe(true);
  });
  it('says no for a black or grey glyph (monochrome emoji font, or a missing-glyph box)', () => {
    expect(hasColourPixels(pixels([0, 0, 0, 255], [90, 90, 92, 200], [0, 0, 0, 0]))).toBe(false);
  });
  it('ignores nearly transparent anti-aliasing and empty canvases', () => {
    expect(hasColourPixels(pixels([255, 0, 0, 20]))).toBe(false);
    expect(hasColourPixels([])).toBe(false);
  });
});

describe('twemojiFile', () => {
  it('names files by code point, dropping a lone variation selector', () => {
    expect(twemojiFile('😀')).toBe('1f600.svg');
    expect(twemojiFile('❤️')).toBe('2764.svg');
    expect(twemojiFile('🇫🇷')).toBe('1f1eb-1f1f7.svg');
    expect(twemojiFile('👍🏽')).toBe('1f44d-1f3fd.svg');
  });
  it('keeps the selector in joined sequences', () => {
    expect(twemojiFile('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308.svg');
  });
});

describe('splitEmoji', () => {
  it('cuts text into runs and emoji', () => {
    expect(splitEmoji('hi 👋 there 👨‍👩‍👧!')).toEqual([
      { text: 'hi ' },
      { emoji: '👋', src: '/emoji/1f44b.svg' },
      { text: ' there ' },
      { emoji: '👨‍👩‍👧', src: '/emoji/1f468-200d-1f469-200d-1f467.svg' },
      { text: '!' },
    ]);
  });
  it('leaves digits, © and ™ as text unless asked for as emoji', () => {
    expect(splitEmoji('© 2024 Palchat™ 1')).toEqual([{ text: '© 2024 Palchat™ 1' }]);
    expect(splitEmoji('1️⃣')).toEqual([{ emoji: '1️⃣', src: '/emoji/31-20e3.svg' }]);
  });
});
