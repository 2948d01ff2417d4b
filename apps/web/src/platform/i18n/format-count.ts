import type { IntlShape } from 'react-intl';

/** Locales that may write numbers in digits of their own (Persian's ۱۲۳; Arabic's ١٢٣ in some ICU data). */
const OWN_DIGITS = new Set(['ar', 'fa']);

/**
 * A count as a post's actions show it: in full under a thousand, then short in the locale's form ("1.2K",
 * "1,2 Mio.", "123.5万"). Under a thousand, in Latin digits, it skips Intl: the first number formatter of a page
 * loads ICU's number data, and every status card shows counts.
 */
export function formatCount(intl: Pick<IntlShape, 'locale' | 'formatNumber'>, count: number): string {
  if (count < 1000 && !OWN_DIGITS.has(intl.locale)) return String(count);
  return intl.formatNumber(count, { notation: 'compact', maximumFractionDigits: 1 });
}
