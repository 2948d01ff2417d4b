import type { QuotePolicy, Status } from '@palchat/api';
import { createStore, useStore } from './create-store';

/** The status being replied to: set by the reply action, read by the compose form. */
export const replyTargetStore = createStore<Status | null>(null);

export function useReplyTarget(): Status | null {
  return useStore(replyTargetStore);
}

/** The status being quoted: set by the Quote action, shown and sent (quoted_status_id) by the compose form. */
export const quoteTargetStore = createStore<Status | null>(null);

export function useQuoteTarget(): Status | null {
  return useStore(quoteTargetStore);
}

/** Who may quote the post being written (Mastodon's quote_approval_policy); null: the account's default. */
export const quotePolicyStore = createStore<QuotePolicy | null>(null);

export function useQuotePolicy(): QuotePolicy | null {
  return useStore(quotePolicyStore);
}

/** The viewer's own status being edited: the compose form then saves it (PUT) instead of posting. */
export const editTargetStore = createStore<Status | null>(null);

export function useEditTarget(): Status | null {
  return useStore(editTargetStore);
}
