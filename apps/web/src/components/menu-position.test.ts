import { describe, expect, it } from 'vitest';
import { menuPosition } from './menu-position';

const viewport = { width: 1280, height: 800 };
const menu = { width: 220, height: 300 };
const button = (top: number, right: number) => ({ top, bottom: top + 30, left: right - 30, right });

describe('menuPosition', () => {
  it('opens under the button, right edges aligned', () => {
    expect(menuPosition(button(100, 600), menu, viewport)).toEqual({ top: 134, left: 380 });
  });

  it('opens above the button when there is no room below', () => {
    expect(menuPosition(button(600, 600), menu, viewport)).toEqual({ top: 296, left: 380 });
  });

  it('stays inside the window at its edges', () => {
    expect(menuPosition(button(100, 100), menu, viewport).left).toBe(8);
    expect(menuPosition(button(100, 1300), menu, viewport).left).toBe(1280 - 8 - 220);
    const tall = { width: 220, height: 700 };
    expect(menuPosition(button(380, 600), tall, viewport).top).toBeGreaterThanOrEqual(8);
  });
});
