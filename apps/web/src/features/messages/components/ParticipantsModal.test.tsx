import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Participant } from '../model';
import { makeConversation } from '../rules/fixtures.test-helpers';
import { NotificationsProvider } from '../state/notifications';
import { ParticipantsModal } from './ParticipantsModal';

const person = (id: string, username: string, acct: string): Participant => ({
  id,
  username,
  display_name: '',
  avatar: '',
  acct,
  verified: false,
  is_online: false,
});

describe('ParticipantsModal with people of other servers', () => {
  it('shows their full handle and offers ownership only to people of the group’s own server', () => {
    const conversation = makeConversation({
      id: 'g1',
      name: 'Across the servers',
      is_group: true,
      isGroup: true,
      current_user_is_admin: true,
      creator_id: 'me',
      admin_id: 'me',
      participants: [
        person('me', 'alice', 'alice'),
        person('u2', 'dora', 'dora'),
        person('u3', 'bob', 'bob@beta.example'),
      ],
    });
    render(
      <IntlProvider locale="en" onError={() => undefined}>
        <QueryClientProvider client={new QueryClient()}>
          <NotificationsProvider>
            <ParticipantsModal conversation={conversation} currentUserId="me" onClose={() => undefined} />
          </NotificationsProvider>
        </QueryClientProvider>
      </IntlProvider>,
    );
    const rows = screen.getAllByTestId('participant');
    const bob = rows.find((row) => row.dataset.username === 'bob')!;
    const dora = rows.find((row) => row.dataset.username === 'dora')!;
    expect(within(bob).getByText(/@bob@beta\.example · Member/)).toBeTruthy();
    expect(within(bob).queryByRole('button', { name: 'Make owner' })).toBeNull();
    expect(within(bob).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(dora).getByRole('button', { name: 'Make owner' })).toBeTruthy();
    expect(within(dora).queryByText(/@dora/)).toBeNull();
  });
});
