import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './catalogues.js';
import { formatMessage, message, placeholdersOf, verbatimText } from './format.js';
import { SERVER_LOCALES } from './locales.js';
import { en } from './messages/en.js';

describe('the server catalogues', () => {
  const ids = Object.keys(en).sort();

  it.each(SERVER_LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every id of en, no other, each with the same placeholders',
    (locale) => {
      const catalogue: Record<string, string> = CATALOGUES[locale];
      expect(Object.keys(catalogue).sort()).toEqual(ids);
      for (const id of ids) {
        const text = catalogue[id] ?? '';
        expect({ id, placeholders: placeholdersOf(text) }).toEqual({
          id,
          placeholders: placeholdersOf(en[id as keyof typeof en]),
        });
        expect({ id, blank: text.trim() === '' }).toEqual({ id, blank: false });
      }
    },
  );

  it('translates rather than copies: most texts differ from English in every locale', () => {
    for (const locale of SERVER_LOCALES.filter((code) => code !== 'en')) {
      const catalogue: Record<string, string> = CATALOGUES[locale];
      const same = ids.filter((id) => catalogue[id] === en[id as keyof typeof en]);
      expect({ locale, same }).toEqual({ locale, same: [] });
    }
  });
});

describe('formatMessage', () => {
  it('fills placeholders, writing numbers as the locale does (grouped from five digits)', () => {
    expect(formatMessage('en', message('statuses.too_long', { max: 500 }))).toBe(
      'Validation failed: Text character limit of 500 exceeded',
    );
    expect(
      formatMessage('en', message('media.image_too_large', { width: 5000, height: 4000, max: 16_777_216 })),
    ).toBe('The image is too large: 5000×4000 pixels, more than the 16,777,216 allowed');
    expect(formatMessage('de', message('lists.limit', { max: 50 }))).toBe(
      'Du kannst nicht mehr als 50 Listen haben',
    );
    expect(
      formatMessage('de', message('media.image_too_large', { width: 1, height: 1, max: 16_777_216 })),
    ).toContain('16.777.216');
  });

  it('says a verbatim text the same in every locale', () => {
    expect(formatMessage('ja', verbatimText('Epoch mismatch'))).toBe('Epoch mismatch');
  });
});
