import type { Status } from '@palchat/api';
import { lazy, Suspense } from 'react';

// The status card brings the HTML sanitizer; it loads with the first status, not with an empty feed.
const StatusCard = lazy(async () => ({ default: (await import('./StatusCard')).StatusCard }));

export function LazyStatusCard({ status }: { status: Status }) {
  return (
    <Suspense fallback={<div className="status status--placeholder" aria-busy="true" />}>
      <StatusCard status={status} />
    </Suspense>
  );
}
