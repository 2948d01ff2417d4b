import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { MessageId } from '../../../platform/i18n/messages';
import type { Participant } from '../model';

/**
 * Whether a new chat with these people can be encrypted (GET /api/v1/e2ee/eligibility): every one of them needs a
 * device with key packages on a server that supports encrypted chats. Otherwise the chat is created plain, and
 * the box says why.
 */
export type IneligibleReason = 'no_devices' | 'server_unsupported' | 'unreachable';

export interface Eligibility {
  account_id: string;
  supported: boolean;
  reason?: IneligibleReason;
}

/** The first person who keeps the chat plain, and why. */
export interface PlainBecause {
  name: string;
  reason: IneligibleReason;
}

export function fetchEligibility(accountIds: string[]): Promise<Eligibility[]> {
  return api.get<Eligibility[]>('/api/v1/e2ee/eligibility', { query: { account_ids: accountIds } });
}

/** null: every participant can take part in an encrypted chat. */
export function plainBecause(answers: Eligibility[], people: Participant[]): PlainBecause | null {
  for (const person of people) {
    const answer = answers.find((a) => a.account_id === person.id);
    if (answer?.supported) continue;
    return { name: person.display_name || person.username, reason: answer?.reason ?? 'server_unsupported' };
  }
  return null;
}

export function plainReasonText(because: PlainBecause): MessageId {
  return because.reason === 'no_devices' ? 'messages.e2ee.no_devices' : 'messages.e2ee.server_unsupported';
}

/**
 * Eligibility of these people for a new chat: `encrypted` true or false once known, null while asked (or when
 * the server has no encrypted chats at all: then chats are plain as before, and nothing is said).
 */
export function useEligibility(people: Participant[]) {
  const ids = people.map((p) => p.id).sort();
  const query = useQuery({
    queryKey: ['messages', 'e2ee-eligibility', ids],
    queryFn: () => fetchEligibility(ids),
    enabled: ids.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  if (!query.data) return { known: query.isError, encrypted: false, because: null };
  const because = plainBecause(query.data, people);
  return { known: true, encrypted: because === null, because };
}

/** Why a chat created just now is plain, by conversation id: its view says so above the composer. */
const reasons = new Map<string, PlainBecause>();

export function rememberPlainReason(conversationId: string, because: PlainBecause): void {
  reasons.set(conversationId, because);
}

export function plainReasonOf(conversationId: string): PlainBecause | null {
  return reasons.get(conversationId) ?? null;
}
