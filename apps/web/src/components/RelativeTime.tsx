import { useIntl } from 'react-intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function RelativeTime({ iso }: { iso: string }) {
  const intl = useIntl();
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const absolute = Math.abs(seconds);
  let label = intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (absolute >= size) {
      label = intl.formatRelativeTime(Math.round(seconds / size), unit, { numeric: 'auto', style: 'short' });
      break;
    }
  }
  return (
    <time dateTime={iso} title={intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}>
      {label}
    </time>
  );
}
