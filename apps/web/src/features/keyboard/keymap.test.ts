import { describe, expect, it } from 'vitest';
import { gotoPath, isTextField, resolveKey } from './keymap';

const key = (
  value: string,
  extra: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }> = {},
) => ({
  key: value,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...extra,
});

describe('keyboard shortcut mapping (SPEC §9)', () => {
  it('maps the single keys', () => {
    expect(resolveKey(key('n'), false)).toEqual({ action: { type: 'compose' } });
    expect(resolveKey(key('/'), false)).toEqual({ action: { type: 'search' } });
    expect(resolveKey(key('s'), false)).toEqual({ action: { type: 'search' } });
    expect(resolveKey(key('j'), false)).toEqual({ action: { type: 'down' } });
    expect(resolveKey(key('ArrowUp'), false)).toEqual({ action: { type: 'up' } });
    expect(resolveKey(key('o'), false)).toEqual({ action: { type: 'open' } });
    expect(resolveKey(key('Enter'), false)).toEqual({ action: { type: 'open' } });
    expect(resolveKey(key('f'), false)).toEqual({ action: { type: 'favourite' } });
    expect(resolveKey(key('b'), false)).toEqual({ action: { type: 'boost' } });
    expect(resolveKey(key('?'), false)).toEqual({ action: { type: 'help' } });
    expect(resolveKey(key('3'), false)).toEqual({ action: { type: 'column', index: 2 } });
  });
  it('maps option+n and option+x by physical key', () => {
    expect(resolveKey(key('ñ', { altKey: true, code: 'KeyN' }), false)).toEqual({
      action: { type: 'force_new' },
    });
    expect(resolveKey(key('≈', { altKey: true, code: 'KeyX' }), false)).toEqual({
      action: { type: 'toggle_spoilers' },
    });
  });
  it('leaves ctrl and meta combinations to the browser', () => {
    expect(resolveKey(key('f', { ctrlKey: true }), false)).toBeNull();
    expect(resolveKey(key('n', { metaKey: true }), false)).toBeNull();
  });
  it('reads g-sequences', () => {
    expect(resolveKey(key('g'), false)).toEqual({ awaitingGoto: true });
    expect(resolveKey(key('h'), true)).toEqual({ action: { type: 'goto', target: 'home' } });
    expect(resolveKey(key('r'), true)).toEqual({ action: { type: 'goto', target: 'requests' } });
    expect(resolveKey(key('z'), true)).toBeNull();
    expect(gotoPath('local', null)).toBe('/public/local');
    expect(gotoPath('federated', null)).toBe('/public');
    expect(gotoPath('profile', 'alice')).toBe('/@alice');
    expect(gotoPath('blocked', null)).toBe('/blocks');
  });
  it('knows text fields', () => {
    expect(isTextField(document.createElement('textarea'))).toBe(true);
    const text = document.createElement('input');
    expect(isTextField(text)).toBe(true);
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTextField(box)).toBe(false);
    expect(isTextField(document.createElement('button'))).toBe(false);
  });
});
