import type { AdminReport } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReportCard } from './ReportCard';
import english from '../../locales/en.json';

const person = (id: string, username: string) => ({
  id,
  account: { id, username, acct: username, display_name: '', avatar: '' },
});

const message = (id: string, content: string) => ({
  id,
  content,
  created_at: '2026-11-29T19:00:00.000Z',
  sender: { id: '2', username: 'ben', display_name: 'Ben Baker', avatar: '' },
});

/** The fields ReportCard reads of a report filed from an encrypted chat. */
function encryptedChatReport(chat: { messages?: object[] }): AdminReport {
  const report = {
    id: '7',
    category: 'threats',
    comment: '',
    created_at: '2026-11-29T19:05:00.000Z',
    action_taken: false,
    account: person('1', 'ann'),
    target_account: person('2', 'ben'),
    action_taken_by_account: null,
    statuses: [],
    rules: [],
    chat: { conversation_id: 'c1', conversation_name: null, is_group: false, messages: [], ...chat },
  };
  return report as unknown as AdminReport;
}

function renderCard(report: AdminReport) {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ReportCard report={report} />
        </MemoryRouter>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const messagesSection = () => screen.getByRole('region', { name: 'Reported messages' });

describe('ReportCard', () => {
  it('shows what the reporter revealed of an encrypted chat, labelled as revealed by them', () => {
    renderCard(
      encryptedChatReport({
        messages: [{ ...message('urn:uuid:1', 'I know where you live'), revealed: true }],
      }),
    );
    const item = within(messagesSection()).getByTestId('reported-message');
    expect(item.textContent).toContain('Ben Baker');
    expect(item.textContent).toContain('I know where you live');
    expect(within(item).getByText('Revealed by the reporter')).toBeTruthy();
  });

  it('does not mark the messages the server itself kept (plain chats)', () => {
    renderCard(encryptedChatReport({ messages: [message('41', 'plain text')] }));
    expect(within(messagesSection()).getByText('plain text')).toBeTruthy();
    expect(within(messagesSection()).queryByText('Revealed by the reporter')).toBeNull();
  });

  it('shows no messages section when nothing was cited nor revealed', () => {
    renderCard(encryptedChatReport({}));
    expect(screen.queryByRole('region', { name: 'Reported messages' })).toBeNull();
  });
});
