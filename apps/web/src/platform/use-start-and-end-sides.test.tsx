import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { useStartAndEndSides } from './use-start-and-end-sides';

const sidesIn = (locale: string) =>
  renderHook(() => useStartAndEndSides(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <IntlProvider locale={locale} messages={{}}>
        {children}
      </IntlProvider>
    ),
  }).result.current;

describe('useStartAndEndSides', () => {
  it('puts the start on the left in a left-to-right language and on the right in Arabic and Persian', () => {
    expect(sidesIn('en')).toEqual(['left', 'right']);
    expect(sidesIn('de')).toEqual(['left', 'right']);
    expect(sidesIn('ar')).toEqual(['right', 'left']);
    expect(sidesIn('fa')).toEqual(['right', 'left']);
  });
});
