/** What a key press asks for (SPEC §9 "Keyboard shortcuts"). */
export type ShortcutAction =
  | { type: 'help' }
  | { type: 'compose' }
  | { type: 'search' }
  | { type: 'force_new' }
  | { type: 'toggle_spoilers' }
  | { type: 'column'; index: number }
  | { type: 'reply' }
  | { type: 'favourite' }
  | { type: 'boost' }
  | { type: 'mention' }
  | { type: 'open' }
  | { type: 'profile' }
  | { type: 'down' }
  | { type: 'up' }
  | { type: 'back' }
  | { type: 'toggle_hidden' }
  | { type: 'toggle_sensitive' }
  | { type: 'open_media' }
  | { type: 'translate' }
  | { type: 'goto'; target: GotoTarget };

export type GotoTarget =
  | 'home'
  | 'notifications'
  | 'local'
  | 'federated'
  | 'direct'
  | 'start'
  | 'favourites'
  | 'pinned'
  | 'profile'
  | 'blocked'
  | 'muted'
  | 'requests';

const GOTO: Record<string, GotoTarget> = {
  h: 'home',
  n: 'notifications',
  l: 'local',
  t: 'federated',
  d: 'direct',
  s: 'start',
  f: 'favourites',
  p: 'pinned',
  u: 'profile',
  b: 'blocked',
  m: 'muted',
  r: 'requests',
};

/** The path of a go-to target; `profile` needs the viewer's username. */
export function gotoPath(target: GotoTarget, username: string | null): string {
  switch (target) {
    case 'home':
      return '/home';
    case 'notifications':
      return '/notifications';
    case 'local':
      return '/public/local';
    case 'federated':
      return '/public';
    case 'direct':
      return '/conversations';
    case 'start':
      return '/getting-started';
    case 'favourites':
      return '/favourites';
    case 'pinned':
      return '/pinned';
    case 'profile':
      return username ? `/@${username}` : '/';
    case 'blocked':
      return '/blocks';
    case 'muted':
      return '/mutes';
    case 'requests':
      return '/follow_requests';
  }
}

export interface KeyInput {
  key: string;
  /** KeyboardEvent.code: option+n types "ñ" on macOS, so the alt shortcuts read the physical key */
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export type KeyResult = { action: ShortcutAction } | { awaitingGoto: true } | null;

/**
 * Maps a key press to an action. `awaitingGoto` is true right after "g": the next key picks the target.
 * Ctrl/meta combinations belong to the browser and are never shortcuts.
 */
export function resolveKey(input: KeyInput, awaitingGoto: boolean): KeyResult {
  if (input.ctrlKey || input.metaKey) return null;
  if (input.altKey) {
    if (input.code === 'KeyN' || input.key.toLowerCase() === 'n') return { action: { type: 'force_new' } };
    if (input.code === 'KeyX' || input.key.toLowerCase() === 'x')
      return { action: { type: 'toggle_spoilers' } };
    return null;
  }
  const key = input.key;
  if (awaitingGoto) {
    const target = GOTO[key.toLowerCase()];
    return target ? { action: { type: 'goto', target } } : null;
  }
  if (/^[1-9]$/.test(key)) return { action: { type: 'column', index: Number(key) - 1 } };
  switch (key) {
    case 'g':
      return { awaitingGoto: true };
    case '?':
      return { action: { type: 'help' } };
    case 'n':
      return { action: { type: 'compose' } };
    case 's':
    case '/':
      return { action: { type: 'search' } };
    case 'r':
      return { action: { type: 'reply' } };
    case 'f':
      return { action: { type: 'favourite' } };
    case 'b':
      return { action: { type: 'boost' } };
    case 'm':
      return { action: { type: 'mention' } };
    case 'Enter':
    case 'o':
      return { action: { type: 'open' } };
    case 'p':
      return { action: { type: 'profile' } };
    case 'ArrowDown':
    case 'j':
      return { action: { type: 'down' } };
    case 'ArrowUp':
    case 'k':
      return { action: { type: 'up' } };
    case 'Backspace':
      return { action: { type: 'back' } };
    case 'x':
      return { action: { type: 'toggle_hidden' } };
    case 'h':
      return { action: { type: 'toggle_sensitive' } };
    case 'e':
      return { action: { type: 'open_media' } };
    case 't':
      return { action: { type: 'translate' } };
    default:
      return null;
  }
}

/** SPEC §5: shortcuts are ignored inside text fields. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'file', 'image'].includes(
      target.type,
    );
  }
  return false;
}
