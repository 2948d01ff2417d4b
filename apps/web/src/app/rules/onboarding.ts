import { CURRENT_INTRODUCTION_VERSION } from '@palchat/api';

/** SPEC §4: first launch while the seen introduction version is lower than the current one. */
export function isFirstLaunch(
  seenIntroductionVersion: number,
  current = CURRENT_INTRODUCTION_VERSION,
): boolean {
  return seenIntroductionVersion < current;
}

export interface NewAccountFacts {
  note: string;
  bot: boolean;
  following_count: number;
  statuses_count: number;
}

/** SPEC §4: no note, not a bot, 0 following and 0 statuses. An HTML note made only of empty tags counts as none. */
export function isNewAccount(account: NewAccountFacts): boolean {
  const noteText = account.note.replace(/<[^>]*>/g, '').trim();
  return noteText === '' && !account.bot && account.following_count === 0 && account.statuses_count === 0;
}
