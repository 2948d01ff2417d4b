import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../app/i18n/use-t';
import { compactTime } from './time-labels';

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

/**
 * A time label that stays current (one shared 30-second clock for every label on the page): by default a
 * localized relative time ("5 min. ago"); `compact` gives SPEC §4's labels ('now', 5m, 3h, 2d, then "Mar 3").
 */
export function RelativeTime({ iso, compact = false }: { iso: string; compact?: boolean }) {
  const intl = useIntl();
  const t = useT();
  const now = useClock();
  const date = new Date(iso);
  let label: string;
  if (compact) {
    const time = compactTime(iso, now);
    label =
      time.unit === 'now'
        ? t('relative_time.now')
        : time.unit === 'date'
          ? intl.formatDate(time.date, { month: 'short', day: 'numeric' })
          : t(`relative_time.${time.unit}`, { count: time.value });
  } else {
    const [value, unit] = relativeUnit(Math.round((date.getTime() - now) / 1000));
    label =
      unit === 'second'
        ? intl.formatRelativeTime(0, 'second', { numeric: 'auto' })
        : intl.formatRelativeTime(value, unit, { numeric: 'auto', style: 'short' });
  }
  return (
    <time dateTime={iso} title={intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}>
      {label}
    </time>
  );
}

const clockListeners = new Set<(now: number) => void>();
let clockTimer: number | null = null;

function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    clockListeners.add(setNow);
    clockTimer ??= window.setInterval(() => {
      const current = Date.now();
      for (const listener of clockListeners) listener(current);
    }, 30_000);
    return () => {
      clockListeners.delete(setNow);
      if (clockListeners.size === 0 && clockTimer !== null) {
        window.clearInterval(clockTimer);
        clockTimer = null;
      }
    };
  }, []);
  return now;
}
