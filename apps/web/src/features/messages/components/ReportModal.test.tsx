import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagingApi, type RevealedMessage } from '../api';
import { ToastProvider } from '../../../platform/toasts';
import { makeMessage } from '../rules/fixtures.test-helpers';
import { recentForReport, ReportModal } from './ReportModal';
import english from '../../../locales/en.json';

const threat: RevealedMessage = {
  message_id: 'urn:uuid:5a1e6f0c-0000-4000-8000-000000000001',
  sender_id: '42',
  content: 'I know where you live',
  created_at: '2026-11-29T19:00:00.000Z',
};

function renderModal(revealable?: RevealedMessage[]) {
  const onClose = vi.fn();
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <ToastProvider>
        <ReportModal conversationId="c1" onClose={onClose} revealable={revealable} />
      </ToastProvider>
    </IntlProvider>,
  );
  return onClose;
}

function submitAs(reason: string) {
  fireEvent.click(screen.getByRole('radio', { name: reason }));
  fireEvent.click(screen.getByRole('button', { name: 'Submit report' }));
}

describe('ReportModal in an encrypted chat', () => {
  let report: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    report = vi.spyOn(messagingApi, 'report').mockResolvedValue({});
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers to show the reported message, ticked, and sends its decrypted text along', async () => {
    const onClose = renderModal([threat]);
    const reveal = screen.getByRole('checkbox', { name: /Show this message to the moderators/ });
    expect((reveal as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('I know where you live').tagName).toBe('Q');
    submitAs('Threats');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(report).toHaveBeenCalledWith('c1', 'threats', '', [threat]);
  });

  it('keeps the message to the reporter when unticked', async () => {
    const onClose = renderModal([threat]);
    fireEvent.click(screen.getByRole('checkbox', { name: /Show this message to the moderators/ }));
    submitAs('Threats');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(report).toHaveBeenCalledWith('c1', 'threats', '', undefined);
  });

  it('counts several messages', () => {
    renderModal([threat, { ...threat, message_id: 'urn:uuid:other', content: 'and more' }]);
    expect(screen.getByRole('checkbox', { name: 'Show these 2 messages to the moderators' })).toBeTruthy();
  });

  it('shows no choice in a plain chat, whose messages the server already has', async () => {
    const onClose = renderModal();
    expect(screen.queryByRole('checkbox')).toBeNull();
    submitAs('Spam');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(report).toHaveBeenCalledWith('c1', 'spam', '', undefined);
  });
});

describe('recentForReport', () => {
  it('reveals the latest 20 messages with text, never system rows', () => {
    const notes = Array.from({ length: 25 }, (_, index) =>
      makeMessage({ id: `urn:uuid:${index}`, content: `note ${index}`, sender_id: '42' }),
    );
    const revealed = recentForReport([
      ...notes,
      makeMessage({ id: 'system:1', content: 'Ben added a new device', is_system_message: true }),
      makeMessage({ id: 'urn:uuid:photo', content: '' }),
    ]);
    expect(revealed.map((message) => message.content)).toEqual(notes.slice(5).map((note) => note.content));
    expect(revealed[0]).toEqual({
      message_id: 'urn:uuid:5',
      sender_id: '42',
      content: 'note 5',
      created_at: notes[5]?.created_at,
    });
  });
});
