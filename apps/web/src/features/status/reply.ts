import type { Status } from '@palchat/api';
import { composeDraftStore, updateComposeDraft } from '../../platform/stores/compose-draft';
import { updateComposeExtras, resetCompose, showCompose } from '../compose';
import { editTargetStore, quoteTargetStore, replyTargetStore } from '../../platform/stores/compose-bridge';

/** "@a @b " for a reply: the author and everyone mentioned, except the viewer. */
export function replyMentions(status: Status, viewerAcct: string | null): string {
  const accts = [status.account.acct, ...status.mentions.map((mention) => mention.acct)];
  const unique = [...new Set(accts)].filter((acct) => acct !== viewerAcct);
  return unique.length > 0 ? `${unique.map((acct) => `@${acct}`).join(' ')} ` : '';
}

/** Starts a reply (an edit in progress gives way); returns whether a compose form took focus (else /publish). */
export function startReply(status: Status, viewerAcct: string | null): boolean {
  if (editTargetStore.get()) resetCompose();
  replyTargetStore.set(status);
  const draft = composeDraftStore.get();
  const prefix = replyMentions(status, viewerAcct);
  if (!draft.text.startsWith(prefix)) updateComposeDraft({ text: `${prefix}${draft.text}` });
  if (status.spoiler_text && !draft.spoilerText) {
    updateComposeDraft({ spoilerText: status.spoiler_text });
    updateComposeExtras({ spoilerOn: true });
  }
  // the form then takes the stricter of the replied post's audience and the account's default
  updateComposeDraft({ visibility: null });
  return showCompose();
}

/** Starts a quote of `status` (an edit in progress gives way) and brings up the compose form. */
export function startQuote(status: Status): boolean {
  if (editTargetStore.get()) resetCompose();
  quoteTargetStore.set(status);
  return showCompose();
}

/** Puts "@acct " in front of the draft (mention shortcut, profile menu) and brings up the compose form. */
export function startMention(acct: string): boolean {
  if (editTargetStore.get()) resetCompose();
  const text = composeDraftStore.get().text;
  if (!text.startsWith(`@${acct} `)) updateComposeDraft({ text: `@${acct} ${text}` });
  return showCompose();
}

/** Focuses the compose form on screen, or opens the compose modal; false when neither can be shown. */
export const focusCompose = showCompose;
