import type { Status } from '@palchat/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import english from '../../locales/en.json';
import { QuotedStatus } from './QuotedStatus';

const quoted = {
  id: '42',
  created_at: new Date().toISOString(),
  content: '<p>The original words</p>',
  spoiler_text: '',
  language: null,
  mentions: [],
  emojis: [],
  account: { id: '7', acct: 'alice', username: 'alice', display_name: 'Alice', avatar: '', emojis: [] },
} as unknown as Status;

function renderQuote(quote: Parameters<typeof QuotedStatus>[0]['quote']) {
  return render(
    <IntlProvider locale="en" messages={english}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<QuotedStatus quote={quote} />} />
          <Route path="/@alice/42" element={<p>thread of 42</p>} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('the quoted post inside a status card', () => {
  it('shows an accepted quote with its author and text, and opens its thread on click', () => {
    renderQuote({ state: 'accepted', quoted_status: quoted });
    const block = screen.getByLabelText('Quoted post by alice');
    expect(block.textContent).toContain('The original words');
    expect(block.textContent).toContain('Alice');
    fireEvent.click(block.querySelector('.quoted-status__body p') ?? block);
    expect(screen.getByText('thread of 42')).toBeTruthy();
  });

  it.each([
    ['pending', 'Post pending: waiting for the original author to approve the quote.'],
    ['revoked', 'Post removed by author'],
    ['deleted', 'This post was removed by its author.'],
    ['unauthorized', 'This post cannot be displayed as you are not authorized to view it.'],
  ] as const)('says why a %s quote is not shown', (state, text) => {
    const view = renderQuote({ state, quoted_status: null });
    expect(view.container.querySelector(`[data-quote-state="${state}"]`)?.textContent).toBe(text);
    expect(view.container.querySelector('blockquote')).toBeNull();
  });

  it('renders nothing for no quote or a ShallowQuote', () => {
    expect(renderQuote(null).container.textContent).toBe('');
    expect(renderQuote({ state: 'accepted', quoted_status_id: '42' }).container.textContent).toBe('');
  });
});
