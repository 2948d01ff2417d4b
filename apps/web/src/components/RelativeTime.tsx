import { useEffect, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../platform/i18n/use-t';
import { compactTime } from './time-labels';

/**
 * A time label that stays current (one shared 30-second clock for every label on the page), in SPEC §4's
 * form: 'now', 5m, 3h, 2d, then "Mar 3" (with the year when it is another). Hovering it shows the full date
 * and time.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const t = useT();
  const now = useClock();
  const showFullDate = useFullDateTitle(iso);
  const time = compactTime(iso, now);
  const label =
    time.unit === 'now'
      ? t('relative_time.now')
      : time.unit === 'date'
        ? t(time.year === null ? 'relative_time.date' : 'relative_time.date_in_year', time)
        : t(`relative_time.${time.unit}`, { count: time.value });
  return (
    <time dateTime={iso} onPointerEnter={showFullDate}>
      {label}
    </time>
  );
}

/**
 * A pointer handler that gives the element a title with the full date and time, made the first time the
 * pointer comes over it rather than for every label a page renders: it is the page's first Intl formatter,
 * which loads ICU's data.
 */
export function useFullDateTitle(date: string | number) {
  const intl = useIntl();
  return (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.title ||= intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  };
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
