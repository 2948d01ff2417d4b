import type { InitialState, Status } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InitialStateContext } from '../../platform/initial-state-context';
import english from '../../locales/en.json';
import { StatusActions } from './StatusActions';

const state = {
  identity: { signedIn: true, accountId: 'me', username: 'me' },
  settings: { unfollowModal: true, boostModal: false, deleteModal: true },
} as unknown as InitialState;

function actionsOf(counts: Partial<Status>) {
  const status = {
    id: '1',
    visibility: 'public',
    account: { id: 'them', acct: 'them' },
    url: 'https://x.test/@them/1',
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    favourited: false,
    reblogged: false,
    bookmarked: false,
    ...counts,
  } as unknown as Status;
  return render(
    <IntlProvider locale="en" messages={english}>
      <InitialStateContext.Provider value={state}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <StatusActions status={status} />
          </MemoryRouter>
        </QueryClientProvider>
      </InitialStateContext.Provider>
    </IntlProvider>,
  );
}

describe('status action names', () => {
  it('contain the count each button shows (WCAG 2.5.3, label in name)', () => {
    actionsOf({ replies_count: 2, reblogs_count: 5, favourites_count: 3, favourited: true });
    expect(screen.getByRole('button', { name: 'Reply, 2' }).textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Boost, 5' }).textContent).toBe('5');
    expect(screen.getByRole('button', { name: 'Remove from favorites, 3' }).textContent).toBe('3');
  });

  it('are the bare action while nothing is counted', () => {
    actionsOf({});
    expect(screen.getByRole('button', { name: 'Reply' }).textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('false');
  });
});
