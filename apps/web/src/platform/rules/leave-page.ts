export interface DraftState {
  text: string;
  mediaCount: number;
}

/** SPEC §4 "Page": warn before leaving while composing with text or media. */
export function shouldWarnBeforeLeaving(draft: DraftState): boolean {
  return draft.text.trim().length > 0 || draft.mediaCount > 0;
}
