import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { m } from '../messages';
import { timeAgo } from '../rules/time';

/** 'now', Nm, Nh, Nd, then a short month and day (SPEC §4 "Time labels"); refreshed every minute. */
export function TimeAgo({ iso }: { iso: string }) {
  const intl = useIntl();
  const now = useMinuteClock();
  const label = timeAgo(iso, now);
  let text: string;
  switch (label.unit) {
    case 'now':
      text = intl.formatMessage(m.timeNow);
      break;
    case 'minutes':
      text = intl.formatMessage(m.timeMinutes, { count: label.value });
      break;
    case 'hours':
      text = intl.formatMessage(m.timeHours, { count: label.value });
      break;
    case 'days':
      text = intl.formatMessage(m.timeDays, { count: label.value });
      break;
    case 'date':
      text = intl.formatDate(label.date, { month: 'short', day: 'numeric' });
      break;
  }
  return (
    <time dateTime={iso} title={intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })}>
      {text}
    </time>
  );
}

let clockListeners = new Set<(now: number) => void>();
let clockTimer: number | null = null;

/** One shared 30-second clock for every time label of the box. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    clockListeners.add(setNow);
    if (clockTimer === null) {
      clockTimer = window.setInterval(() => {
        const current = Date.now();
        for (const listener of clockListeners) listener(current);
      }, 30_000);
    }
    return () => {
      clockListeners.delete(setNow);
      if (clockListeners.size === 0 && clockTimer !== null) {
        window.clearInterval(clockTimer);
        clockTimer = null;
        clockListeners = new Set();
      }
    };
  }, []);
  return now;
}
