import { ALLOWED_MEDIA_TYPES, MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH, SEARCH_MIN_LENGTH } from './constants';

export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** SPEC §5: send is disabled while uploading, when text is blank and no media, or when blocked. */
export function canSend(input: { text: string; mediaCount: number; uploading: boolean; blocked: boolean }) {
  if (input.uploading || input.blocked) return false;
  if (input.text.length > MESSAGE_MAX_LENGTH) return false;
  return !isBlank(input.text) || input.mediaCount > 0;
}

/** Blank text with media is sent as a single space. */
export function contentToSend(text: string, mediaCount: number): string {
  return isBlank(text) && mediaCount > 0 ? ' ' : text;
}

export function clampMessage(text: string): string {
  return text.slice(0, MESSAGE_MAX_LENGTH);
}

export type MediaError = 'type' | 'count';

/** Splits picked files into those that fit (type and 4-file limit) and the errors to show. */
export function acceptMedia<F extends { type: string }>(existingCount: number, files: readonly F[]) {
  const errors: MediaError[] = [];
  const typed = files.filter((file) => (ALLOWED_MEDIA_TYPES as readonly string[]).includes(file.type));
  if (typed.length < files.length) errors.push('type');
  const room = Math.max(0, MAX_ATTACHMENTS - existingCount);
  if (typed.length > room) errors.push('count');
  return { accepted: typed.slice(0, room), errors };
}

export type GroupCreationError = 'name' | 'members' | 'additional';

/** SPEC §5 "Group creation"; fromDirectChat: adding people to an existing one-to-one chat. */
export function validateGroupCreation(input: {
  name: string;
  selectedCount: number;
  fromDirectChat?: boolean;
}): GroupCreationError | null {
  if (isBlank(input.name)) return 'name';
  if (input.fromDirectChat) return input.selectedCount >= 1 ? null : 'additional';
  if (input.selectedCount < 2) return 'members';
  return null;
}

export function canCreateGroup(name: string, selectedCount: number, fromDirectChat = false): boolean {
  return validateGroupCreation({ name, selectedCount, fromDirectChat }) === null;
}

export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH;
}

export function isValidGroupName(name: string): boolean {
  return !isBlank(name);
}

export type BlockRefusal = 'blocked_by_me' | 'blocked_by_them';

export function blockRefusal(status: { is_blocked_by_me: boolean; is_blocked_by_them: boolean } | undefined) {
  if (!status) return null;
  if (status.is_blocked_by_me) return 'blocked_by_me' satisfies BlockRefusal;
  if (status.is_blocked_by_them) return 'blocked_by_them' satisfies BlockRefusal;
  return null;
}
