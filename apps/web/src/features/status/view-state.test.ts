import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStatusViewChoices, useStatusViewChoices } from './view-state';

describe('status view choices', () => {
  it('has no choice for a status nobody touched, so reading preferences apply', () => {
    const { result } = renderHook(() => useStatusViewChoices('1'));
    expect(result.current).toBeUndefined();
  });

  it('merges choices and keeps them after the row unmounts', () => {
    const first = renderHook(() => useStatusViewChoices('1'));
    act(() => setStatusViewChoices('1', { expanded: true, mediaRevealed: true }));
    act(() => setStatusViewChoices('1', { mediaRevealed: false }));
    expect(first.result.current).toEqual({ expanded: true, mediaRevealed: false });
    first.unmount();
    const again = renderHook(() => useStatusViewChoices('1'));
    expect(again.result.current).toEqual({ expanded: true, mediaRevealed: false });
  });

  it('forgets the least recently changed status beyond its bound', () => {
    act(() => {
      for (let index = 0; index <= 2000; index += 1) setStatusViewChoices(String(index), { expanded: true });
      setStatusViewChoices('0', { expanded: false }); // touched again: now the newest
    });
    expect(renderHook(() => useStatusViewChoices('0')).result.current).toEqual({ expanded: false });
    expect(renderHook(() => useStatusViewChoices('1')).result.current).toBeUndefined();
    expect(renderHook(() => useStatusViewChoices('2000')).result.current).toEqual({ expanded: true });
  });
});
