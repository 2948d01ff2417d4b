import { describe, expect, it } from 'vitest';
import { decideLayout, isComposePanelVisible, isSingleColumn } from './layout';

describe('decideLayout', () => {
  it('auto picks mobile at 630 px or less', () => {
    expect(decideLayout('auto', 630)).toBe('mobile');
  });
  it('auto picks single-column from 631 to 1174 px', () => {
    expect(decideLayout('auto', 631)).toBe('single-column');
    expect(decideLayout('auto', 1174)).toBe('single-column');
  });
  it('auto picks multi-column above 1174 px', () => {
    expect(decideLayout('auto', 1175)).toBe('multi-column');
  });
  it('the simple single column is the phone layout at 630 px or less', () => {
    expect(decideLayout('single-column', 630)).toBe('mobile');
    expect(decideLayout('single-column', 631)).toBe('single-column');
  });
  it('an explicit setting wins over the width', () => {
    expect(decideLayout('multi-column', 500)).toBe('multi-column');
    expect(decideLayout('single-column', 2000)).toBe('single-column');
    expect(decideLayout('mobile', 2000)).toBe('mobile');
  });
});

describe('isSingleColumn', () => {
  it('is true for mobile and single-column, false for multi-column', () => {
    expect(isSingleColumn('mobile')).toBe(true);
    expect(isSingleColumn('single-column')).toBe(true);
    expect(isSingleColumn('multi-column')).toBe(false);
  });
});

describe('isComposePanelVisible', () => {
  it('hides the compose panel at 1174 px or less', () => {
    expect(isComposePanelVisible(1174)).toBe(false);
  });
  it('shows it above 1174 px', () => {
    expect(isComposePanelVisible(1175)).toBe(true);
  });
});
