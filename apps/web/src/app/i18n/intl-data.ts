/**
 * The first Intl formatter a page makes, of any kind, loads ICU's data for the locale: 20–40 ms on the
 * reference machine, then a millisecond for each further formatter. Left to the first status card (its
 * relative time), it was a third of the task that renders the timeline's first rows. Made in a task of its
 * own right after boot, it runs while the timeline's code and data are still on their way.
 */
export function loadIntlDataSoon(locale: string): void {
  setTimeout(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }), 0);
}
