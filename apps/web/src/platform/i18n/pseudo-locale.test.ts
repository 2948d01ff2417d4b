// @vitest-environment node
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { pseudoCatalogue, pseudoMessage } from '../../../build/pseudo-locale';
import english from '../../locales/en.json';

/** A message's syntax without its words: placeholders, tags, plural and select cases. */
function syntaxOf(message: string): string {
  return JSON.stringify(parse(message), (key, value: unknown) => {
    if (key === 'location') return undefined;
    if (Array.isArray(value))
      return value.filter((element: { type?: TYPE }) => element.type !== TYPE.literal);
    // a select's cases in any order
    return value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort()) : value;
  });
}

/** The words of a message as it shows them, without its placeholders' names. */
function wordsOf(message: string): string {
  const words: string[] = [];
  JSON.stringify(parse(message), (_key, value: { type?: TYPE; value?: string } | null) => {
    if (value?.type === TYPE.literal) words.push(value.value ?? '');
    return value;
  });
  return words.join('');
}

describe('the pseudo-locale', () => {
  it('accents every letter, makes texts at least 40 % longer within brackets', () => {
    expect(pseudoMessage('Save changes')).toBe('[Ŝáṽë çĥáñĝëŝ ··]');
    expect(pseudoMessage('Reply to {name}')).toBe('[Ŕëþĺý ţö {name} ·]');
    const words = wordsOf(pseudoMessage('Sign in to follow people'));
    expect(words).toMatch(/^\[.*\]$/);
    expect(words.length).toBeGreaterThanOrEqual('Sign in to follow people'.length * 1.4);
  });

  it('keeps placeholders, tags, plural and select syntax', () => {
    const plural = '{count, plural, one {# new post} other {# new posts}} from <b>{name}</b>';
    expect(pseudoMessage(plural)).toBe(
      '[{count,plural,one{# ñëŵ þöŝţ} other{# ñëŵ þöŝţŝ}} ƒŕöɱ <b>{name}</b> ····]',
    );
    expect(pseudoMessage('{name}')).toBe('{name}');
  });

  it('turns every English message into valid ICU with the same syntax and no plain ASCII word', () => {
    for (const [id, message] of Object.entries(pseudoCatalogue(english))) {
      const source = english[id as keyof typeof english];
      expect(syntaxOf(message), id).toBe(syntaxOf(source));
      expect(wordsOf(message), id).not.toMatch(/[A-Za-z]{3,}/);
    }
  });
});
