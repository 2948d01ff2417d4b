import type { Locale } from './locales.js';

const RIGHT_TO_LEFT = new Set<string>(['ar', 'fa']);

/** The writing direction of a locale's interface, for `<html dir>`. */
export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}
