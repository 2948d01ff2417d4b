import type { Status } from '@palchat/api';
import { composeDraftStore, updateComposeDraft } from '../../app/stores/compose-draft';
import { updateComposeExtras } from '../compose/compose-extras';
import { replyTargetStore } from './compose-bridge';

/** "@a @b " for a reply: the author and everyone mentioned, except the viewer. */
export function replyMentions(status: Status, viewerAcct: string | null): string {
  const accts = [status.account.acct, ...status.mentions.map((mention) => mention.acct)];
  const unique = [...new Set(accts)].filter((acct) => acct !== viewerAcct);
  return unique.length > 0 ? `${unique.map((acct) => `@${acct}`).join(' ')} ` : '';
}

/** Starts a reply; returns whether a compose field on the page took focus (otherwise go to /publish). */
export function startReply(status: Status, viewerAcct: string | null): boolean {
  replyTargetStore.set(status);
  const draft = composeDraftStore.get();
  const prefix = replyMentions(status, viewerAcct);
  if (!draft.text.startsWith(prefix)) updateComposeDraft({ text: `${prefix}${draft.text}` });
  if (status.spoiler_text && !draft.spoilerText) {
    updateComposeDraft({ spoilerText: status.spoiler_text });
    updateComposeExtras({ spoilerOn: true });
  }
  if (status.visibility !== 'public') updateComposeDraft({ visibility: status.visibility });
  return focusCompose();
}

export function focusCompose(): boolean {
  const field = document.querySelector<HTMLTextAreaElement>('.compose-form__text');
  if (!field || field.offsetParent === null) return false;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
  return true;
}
