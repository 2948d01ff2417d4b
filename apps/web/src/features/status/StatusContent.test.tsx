import type { Status } from '@palchat/api';
import { fireEvent, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { hashtagMenuStore } from './hashtag-menu-store';
import { StatusContent } from './StatusContent';

const status = {
  id: '1',
  content:
    '<p>Hi <a href="https://x.test/tags/cats" class="mention hashtag" rel="tag">#<span>cats</span></a></p>',
  language: null,
  mentions: [],
  account: { acct: 'alice' },
} as unknown as Status;

function renderContent() {
  return render(
    <MemoryRouter>
      <StatusContent status={status} />
    </MemoryRouter>,
  );
}

describe('hashtag popup trigger (SPEC §2)', () => {
  afterEach(() => hashtagMenuStore.set(null));

  it('opens on a plain primary click', () => {
    const view = renderContent();
    const link = view.container.querySelector('a.hashtag');
    expect(link).not.toBeNull();
    fireEvent.click(link?.querySelector('span') ?? document.body, { button: 0 });
    expect(hashtagMenuStore.get()).toMatchObject({ tag: 'cats', acct: 'alice' });
  });

  it('does not open with a modifier or on another button, and leaves that click to the browser', () => {
    const view = renderContent();
    const link = view.container.querySelector('a.hashtag') ?? document.body;
    // fireEvent returns false when a handler called preventDefault
    expect(fireEvent.click(link, { button: 0, ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 0, metaKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 0, shiftKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 0, altKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(hashtagMenuStore.get()).toBeNull();
  });
});

describe('mentions', () => {
  const withMention = {
    ...status,
    content:
      '<p><span class="h-card"><a href="https://x.test/@bob" class="u-url mention">@<span>bob</span></a></span> hi</p>',
    mentions: [{ id: '42', username: 'bob', acct: 'bob', url: 'https://x.test/@bob' }],
  } as unknown as Status;

  it('declare their account to the hover card and open the profile in the app', () => {
    const view = render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<StatusContent status={withMention} />} />
          <Route path="/:handle" element={<p>profile page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = view.container.querySelector('a.mention');
    expect(link?.getAttribute('data-hover-card-account')).toBe('42');
    fireEvent.click(link?.querySelector('span') ?? document.body, { button: 0 });
    expect(view.getByText('profile page')).toBeTruthy();
  });

  it('leave a shift-click to the browser', () => {
    const view = render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<StatusContent status={withMention} />} />
          <Route path="/:handle" element={<p>profile page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = view.container.querySelector('a.mention') ?? document.body;
    expect(fireEvent.click(link, { button: 0, shiftKey: true })).toBe(true);
    expect(view.queryByText('profile page')).toBeNull();
  });
});
