import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagingApi } from '../api';
import type { Participant } from '../model';
import { makeConversation } from '../rules/fixtures.test-helpers';
import { ToastProvider } from '../../../platform/toasts';
import { ParticipantsModal } from './ParticipantsModal';
import english from '../../../locales/en.json';

const person = (id: string, username: string, acct: string): Participant => ({
  id,
  username,
  display_name: '',
  avatar: '',
  acct,
  verified: false,
  is_online: false,
});

function group() {
  return makeConversation({
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
}

function renderModal() {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ParticipantsModal conversation={group()} currentUserId="me" onClose={() => undefined} />
        </ToastProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  const rows = screen.getAllByTestId('participant');
  return (username: string) => rows.find((row) => row.dataset.username === username)!;
}

describe('ParticipantsModal with people of other servers', () => {
  it('shows their full handle and offers ownership only to people of the group’s own server', () => {
    const row = renderModal();
    const bob = row('bob');
    const dora = row('dora');
    expect(within(bob).getByText(/@bob@beta\.example · Member/)).toBeTruthy();
    expect(within(bob).queryByRole('button', { name: 'Make owner' })).toBeNull();
    expect(within(bob).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(dora).getByRole('button', { name: 'Make owner' })).toBeTruthy();
    expect(within(dora).queryByText(/@dora/)).toBeNull();
  });
});

describe('ParticipantsModal asks before acting on someone', () => {
  afterEach(() => vi.restoreAllMocks());

  const alert = () => screen.getByRole('alertdialog');
  const answer = (name: string) => fireEvent.click(within(alert()).getByRole('button', { name }));

  it('names the person and the consequence of Remove; Cancel removes nobody, confirming removes them', () => {
    const removed = vi.spyOn(messagingApi, 'removeParticipants').mockResolvedValue({});
    const row = renderModal();
    fireEvent.click(within(row('dora')).getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('alertdialog', { name: 'Remove dora?' })).toBeTruthy();
    expect(alert().textContent).toContain('dora will leave this group and stop receiving its messages.');
    answer('Cancel');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(removed).not.toHaveBeenCalled();

    fireEvent.click(within(row('dora')).getByRole('button', { name: 'Remove' }));
    answer('Remove');
    expect(removed).toHaveBeenCalledExactlyOnceWith('g1', ['u2']);
  });

  it('asks before handing the group over with Make owner', () => {
    const transferred = vi.spyOn(messagingApi, 'transferOwnership').mockResolvedValue({});
    const row = renderModal();
    fireEvent.click(within(row('dora')).getByRole('button', { name: 'Make owner' }));
    expect(screen.getByRole('alertdialog', { name: 'Make dora the owner?' }).textContent).toContain(
      'dora becomes the admin of this group',
    );
    fireEvent.keyDown(alert(), { key: 'Escape' });
    expect(transferred).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Manage participants' })).toBeTruthy();

    fireEvent.click(within(row('dora')).getByRole('button', { name: 'Make owner' }));
    answer('Make owner');
    expect(transferred).toHaveBeenCalledExactlyOnceWith('g1', 'u2');
  });
});
