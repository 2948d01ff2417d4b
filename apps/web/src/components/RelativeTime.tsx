import { useIntl } from 'react-intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** The largest unit that fits a distance in seconds (negative: in the past), e.g. 7300 → [2, 'hour']. */
export function relativeUnit(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const found = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  return found ? [Math.round(seconds / found[1]), found[0]] : [seconds, 'second'];
}

export function RelativeTime({ iso }: { iso: string }) {
  const intl = useIntl();
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const [value, unit] = relativeUnit(seconds);
  const label =
    unit === 'second'
      ? intl.formatRelativeTime(0, 'second', { numeric: 'auto' })
      : intl.formatRelativeTime(value, unit, { numeric: 'auto', style: 'short' });
  return (
    <time dateTime={iso} title={intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}>
      {label}
    </time>
  );
}
