import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useInitialState } from '../../platform/initial-state-context';
import { resetCompose, showCompose } from '../compose';
import { startMention } from '../status';
import {
  STATUS_SELECTOR,
  adjacentStatus,
  currentColumn,
  focusedStatus,
  spoilerTogglesToClick,
  timelineColumns,
} from './focus-targets';
import { gotoPath, isTextField, resolveKey, type ShortcutAction } from './keymap';

const GOTO_TIMEOUT_MS = 1500;

/** Moves focus to the next or previous status of the column (j/k, down/up). */
function moveFocus(step: 1 | -1): void {
  const next = adjacentStatus(step);
  next?.focus({ preventScroll: true });
  next?.scrollIntoView({ block: 'nearest' });
}

function clickInFocused(action: string): boolean {
  const button = focusedStatus()?.querySelector<HTMLElement>(`[data-action="${action}"]`);
  button?.click();
  return button !== undefined && button !== null;
}

/** The global keyboard shortcuts of SPEC §9; ignored in text fields (SPEC §5). */
export default function KeyboardController() {
  const navigate = useNavigate();
  const { identity } = useInitialState();

  useEffect(() => {
    let awaitingGoto = false;
    let gotoTimer: ReturnType<typeof setTimeout> | undefined;

    // n: the compose panel when it is on screen, else the compose modal; alt+n: a brand new post
    const compose = (fresh: boolean) => {
      if (fresh) resetCompose();
      if (!showCompose()) navigate('/publish');
    };

    function run(action: ShortcutAction): boolean {
      const status = focusedStatus();
      switch (action.type) {
        case 'help':
          navigate('/keyboard-shortcuts');
          return true;
        case 'compose':
          compose(false);
          return true;
        case 'force_new':
          compose(true);
          return true;
        case 'search': {
          const field = document.querySelector<HTMLInputElement>('.search-box input, input[type="search"]');
          if (field) field.focus();
          else navigate('/search');
          return true;
        }
        case 'toggle_spoilers': {
          const column = currentColumn();
          if (!column) return false;
          spoilerTogglesToClick(column).forEach((toggle) => toggle.click());
          return true;
        }
        case 'column': {
          const column = timelineColumns()[action.index];
          column?.querySelector<HTMLElement>(STATUS_SELECTOR)?.focus();
          return column !== undefined;
        }
        case 'down':
          moveFocus(1);
          return true;
        case 'up':
          moveFocus(-1);
          return true;
        case 'reply':
          return clickInFocused('reply');
        case 'favourite':
          return clickInFocused('favourite');
        case 'boost':
          return clickInFocused('boost');
        case 'toggle_hidden':
          return clickInFocused('toggle-hidden');
        case 'toggle_sensitive':
          return clickInFocused('toggle-sensitive');
        case 'open_media':
          return clickInFocused('open-media');
        case 'mention': {
          const acct = status?.dataset.accountAcct;
          if (!acct) return false;
          if (!startMention(acct)) navigate('/publish');
          return true;
        }
        case 'open': {
          if (!status || document.activeElement !== status) return false;
          const permalink = status.dataset.permalink;
          if (permalink) navigate(permalink);
          return Boolean(permalink);
        }
        case 'profile': {
          const acct = status?.dataset.accountAcct;
          if (acct) navigate(`/@${acct}`);
          return Boolean(acct);
        }
        case 'back':
          navigate(-1);
          return true;
        case 'translate':
          return clickInFocused('translate');
        case 'goto':
          navigate(gotoPath(action.target, identity.username));
          return true;
      }
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isTextField(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const result = resolveKey(event, awaitingGoto);
      awaitingGoto = false;
      clearTimeout(gotoTimer);
      if (!result) return;
      if ('awaitingGoto' in result) {
        awaitingGoto = true;
        gotoTimer = setTimeout(() => (awaitingGoto = false), GOTO_TIMEOUT_MS);
        return;
      }
      if (run(result.action)) event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    // The controller loads after the first render: tests (and tools) wait for this mark before typing shortcuts.
    document.documentElement.dataset.shortcuts = 'ready';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      delete document.documentElement.dataset.shortcuts;
      clearTimeout(gotoTimer);
    };
  }, [navigate, identity.username]);

  return null;
}
