import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppIntl } from './app-intl';

const messages = {
  'posts.new': parse('{count, plural, one {# new post} other {# new posts}}'),
  'status.reply': parse('Reply'),
};
const config = (extra: Partial<IntlConfig> = {}): IntlConfig => ({
  locale: 'en',
  defaultLocale: 'en',
  messages,
  onError: () => undefined,
  ...extra,
});

describe('createAppIntl', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats as react-intl’s own intl object does', () => {
    const ours = createAppIntl(config());
    const theirs = createIntl(config());
    expect(ours.locale).toBe(theirs.locale);
    expect(ours.defaultLocale).toBe(theirs.defaultLocale);
    for (const count of [1, 2, 1200]) {
      expect(ours.formatMessage({ id: 'posts.new' }, { count })).toBe(
        theirs.formatMessage({ id: 'posts.new' }, { count }),
      );
    }
    expect(ours.formatMessage({ id: 'status.reply' })).toBe('Reply');
    expect(ours.formatDate(0, { month: 'short', day: 'numeric' })).toBe(
      theirs.formatDate(0, { month: 'short', day: 'numeric' }),
    );
  });

  it('does not ask the browser whether it has data for the catalogue’s locale', () => {
    const numberCheck = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dateCheck = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const intl = createAppIntl(config());
    intl.formatMessage({ id: 'posts.new' }, { count: 3 });
    expect(numberCheck).not.toHaveBeenCalled();
    expect(dateCheck).not.toHaveBeenCalled();
  });

  it('still reports a missing translation, and checks a locale other than the default one', () => {
    const onError = vi.fn();
    const numberCheck = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const intl = createAppIntl(config({ onError }));
    expect(intl.formatMessage({ id: 'nowhere' })).toBe('nowhere');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: ReactIntlErrorCode.MISSING_TRANSLATION }),
    );
    expect(onError).toHaveBeenCalledTimes(1);
    createAppIntl(config({ locale: 'fr', onError }));
    expect(numberCheck).toHaveBeenCalled();
  });
});
