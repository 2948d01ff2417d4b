import type { DomainEvents } from '../../events/domain-events.js';
import { federateMove } from './move.js';
import { federateProfileUpdate, federateReportForward } from './profile.js';

/** A local account's actor changes reach its followers' servers; a forwarded report, the reported one's. */
export function subscribeProfileFederation(events: DomainEvents): void {
  events.subscribe('ProfileUpdated', ({ account }, ctx) => federateProfileUpdate(ctx, account));
  events.subscribe('AccountMoved', ({ account, target, migrationId }, ctx) =>
    federateMove(ctx, account, target, migrationId),
  );
  events.subscribe('ReportForwarded', ({ report, target }, ctx) =>
    federateReportForward(ctx, report, target),
  );
}
