import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfileNote } from './ProfileNote';

// a remote bio as Mastodon renders it: its hashtag links point at the other server
const note =
  '<p>Into <a href="https://remote.example/tags/Gardening" class="mention hashtag" rel="tag">#<span>Gardening</span></a>' +
  ' and <a href="https://remote.example/about">my site</a></p>';

function renderNote() {
  return render(
    <MemoryRouter initialEntries={['/@ann@remote.example']}>
      <Routes>
        <Route path="/tags/:id" element={<p>hashtag page</p>} />
        <Route path="*" element={<ProfileNote html={note} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ProfileNote', () => {
  it("points a bio's hashtags at this app's hashtag page and leaves other links alone", () => {
    renderNote();
    expect(screen.getByRole('link', { name: '#Gardening' }).getAttribute('href')).toBe('/tags/Gardening');
    const other = screen.getByRole('link', { name: 'my site' });
    expect(other.getAttribute('href')).toBe('https://remote.example/about');
    expect(other.getAttribute('target')).toBe('_blank');
  });

  it('opens the hashtag page in the app on a plain click', () => {
    renderNote();
    fireEvent.click(screen.getByText('Gardening'), { button: 0 });
    expect(screen.getByText('hashtag page')).toBeTruthy();
  });

  it('leaves a modified click on a hashtag to the browser (a new tab or window)', () => {
    renderNote();
    for (const modifier of ['shiftKey', 'altKey', 'ctrlKey', 'metaKey'] as const) {
      // fireEvent returns false when a handler called preventDefault
      expect(fireEvent.click(screen.getByText('Gardening'), { button: 0, [modifier]: true })).toBe(true);
    }
    expect(screen.queryByText('hashtag page')).toBeNull();
  });
});
