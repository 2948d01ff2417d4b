import type { DomainEvents } from '../../events/domain-events.js';
import { federateCollection } from './collections.js';
import { federateQuoteRevoked } from './quotes.js';
import {
  federateBoost,
  federateBoostUndone,
  federateFavourite,
  federatePollVote,
  federateStatusUpdated,
  federateUnfavourite,
} from './statuses.js';

/**
 * A local account's interactions with statuses reach other servers: favourites, boosts, poll votes (to a remote
 * poll's server, which counts them), quote approvals withdrawn, quote policies, collections. What a remote
 * account did came from its server and goes nowhere (send.ts).
 */
export function subscribeInteractionFederation(events: DomainEvents): void {
  events.subscribe('StatusFavourited', ({ account, status, favouriteId }, ctx) =>
    federateFavourite(ctx, account, status, favouriteId),
  );
  events.subscribe('StatusUnfavourited', ({ account, status, favouriteId }, ctx) =>
    federateUnfavourite(ctx, account, status, favouriteId),
  );
  events.subscribe('StatusReblogged', ({ booster, boost }, ctx) => federateBoost(ctx, booster, boost));
  events.subscribe('StatusUnreblogged', ({ booster, boost }, ctx) =>
    federateBoostUndone(ctx, booster, boost),
  );
  events.subscribe('PollVoted', async ({ voter, poll, votes }, ctx) => {
    if (!voter.domain) await federatePollVote(ctx, voter, poll, votes);
  });
  events.subscribe('QuoteRevoked', async ({ quotedAuthor, quote, quoting, approvalUri }, ctx) => {
    if (quoting.local === 0) await federateQuoteRevoked(ctx, quotedAuthor, quote, approvalUri);
  });
  events.subscribe('QuotePolicyChanged', ({ author, status }, ctx) =>
    federateStatusUpdated(ctx, author, status),
  );
  events.subscribe('CollectionChanged', ({ curator, collection, change }, ctx) =>
    federateCollection(ctx, curator, collection.id, change),
  );
}
