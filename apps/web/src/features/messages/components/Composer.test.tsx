import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../platform/toasts';
import { Composer, type ComposerProps } from './Composer';
import english from '../../../locales/en.json';

function renderComposer(onSend: ComposerProps['onSend']) {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <ToastProvider>
        <Composer
          blocked={false}
          replyTo={null}
          onCancelReply={() => undefined}
          onSend={onSend}
          upload={() => Promise.resolve(null)}
          onTyping={() => undefined}
          draftKey="conversation:composer-test"
        />
      </ToastProvider>
    </IntlProvider>,
  );
  return screen.getByPlaceholderText('Type a message...');
}

function typeAndEnter(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('Composer', () => {
  it('sends the next message while the previous one is still on its way', () => {
    const onSend = vi.fn((_text: string) => new Promise<boolean>(() => undefined));
    const field = renderComposer(onSend);
    typeAndEnter(field, 'first');
    typeAndEnter(field, 'second');
    expect(onSend.mock.calls.map(([text]) => text)).toEqual(['first', 'second']);
    expect(field).toHaveProperty('value', '');
  });

  it('gives a refused message back, unless the next one is being written', async () => {
    let answer = (_sent: boolean) => undefined as void;
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const field = renderComposer(onSend);
    typeAndEnter(field, 'lost on the way');
    await act(async () => answer(false));
    expect(field).toHaveProperty('value', 'lost on the way');

    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.change(field, { target: { value: 'already the next one' } });
    await act(async () => answer(false));
    expect(field).toHaveProperty('value', 'already the next one');
  });
});
