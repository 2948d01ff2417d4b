import type { DomainEvents } from '../events/domain-events.js';
import { announceIfContact } from './sources.js';

/** The instance documents show the contact account: a change of its profile is announced to every process. */
export function subscribeInstanceContact(events: DomainEvents): void {
  events.subscribe('ProfileUpdated', async ({ account }, ctx) => {
    if (!account.domain) await announceIfContact(ctx, account);
  });
}
