import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

const intlFor = (locale: string) => createIntl({ locale, messages: {} });

describe('formatCount', () => {
  it('writes small counts in full and large ones short, in the locale’s form', () => {
    expect(formatCount(intlFor('en'), 999)).toBe('999');
    expect(formatCount(intlFor('en'), 1234)).toBe('1.2K');
    expect(formatCount(intlFor('de'), 1_234_567)).toBe('1,2\u00a0Mio.');
    expect(formatCount(intlFor('ja'), 1_234_567)).toBe('123.5万');
    expect(formatCount(intlFor('fa'), 7)).toBe('۷');
  });
});
