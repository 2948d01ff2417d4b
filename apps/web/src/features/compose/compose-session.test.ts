import type { Status } from '@palchat/api';
import { afterEach, describe, expect, it } from 'vitest';
import { composeDraftStore, updateComposeDraft } from '../../platform/stores/compose-draft';
import { editTargetStore, replyTargetStore } from '../../platform/stores/compose-bridge';
import { composeExtrasStore, updateComposeExtras } from './compose-extras';
import { composeModalStore, registerComposeModalHost, resetCompose, showCompose } from './compose-session';

function field(inDialog: boolean): HTMLTextAreaElement {
  const textarea = document.createElement('textarea');
  textarea.className = 'compose-form__text';
  textarea.value = '@bob ';
  if (inDialog) {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.append(textarea);
    document.body.append(dialog);
  } else document.body.append(textarea);
  return textarea;
}

describe('showCompose', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    composeModalStore.set(false);
  });

  it('opens the modal when no compose field is on screen and a host is mounted', () => {
    const unmount = registerComposeModalHost();
    expect(showCompose()).toBe(true);
    expect(composeModalStore.get()).toBe(true);
    unmount();
    expect(composeModalStore.get()).toBe(false);
  });

  it('answers false without a host, so that the caller goes to /publish', () => {
    expect(showCompose()).toBe(false);
    expect(composeModalStore.get()).toBe(false);
  });

  it('focuses the modal’s field with the caret at the end', () => {
    const textarea = field(true);
    expect(showCompose()).toBe(true);
    expect(document.activeElement).toBe(textarea);
    expect(textarea.selectionStart).toBe(5);
  });

  it('ignores a hidden panel field (jsdom lays nothing out, like a panel hidden by the width rule)', () => {
    field(false);
    const unmount = registerComposeModalHost();
    expect(showCompose()).toBe(true);
    expect(composeModalStore.get()).toBe(true);
    unmount();
  });
});

describe('resetCompose', () => {
  it('forgets the draft, its extras and the reply and edit targets', () => {
    updateComposeDraft({ text: 'draft', spoilerText: 'cw' });
    updateComposeExtras({ spoilerOn: true, language: 'de' });
    replyTargetStore.set({ id: '1' } as Status);
    editTargetStore.set({ id: '2' } as Status);
    resetCompose();
    expect(composeDraftStore.get()).toMatchObject({ text: '', spoilerText: '', media: [] });
    expect(composeExtrasStore.get()).toMatchObject({ spoilerOn: false, language: null, attached: [] });
    expect(replyTargetStore.get()).toBeNull();
    expect(editTargetStore.get()).toBeNull();
  });
});
