import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HoverCardController from './HoverCardController';
import { HoverCardTiming } from './hover-timing';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function renderWithAccountLink() {
  const enterTarget = vi.spyOn(HoverCardTiming.prototype, 'enterTarget').mockImplementation(() => undefined);
  const link = document.createElement('a');
  link.setAttribute('data-hover-card-account', '42');
  const name = document.createElement('span');
  link.appendChild(name);
  document.body.appendChild(link);
  const router = createMemoryRouter([{ path: '*', element: <HoverCardController /> }], {
    initialEntries: ['/home'],
  });
  render(<RouterProvider router={router} />);
  return { enterTarget, link, name };
}

describe('HoverCardController', () => {
  it('points at an account once the pointer moves on it, not when the account moves under a pointer at rest', () => {
    const { enterTarget, link, name } = renderWithAccountLink();
    // new content slid under the pointer: boundary events only
    name.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(enterTarget).not.toHaveBeenCalled();
    name.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(enterTarget).toHaveBeenCalledExactlyOnceWith({ key: '42', value: link });
  });

  it('forgets an account the pointer left before moving on it', () => {
    const { enterTarget, name } = renderWithAccountLink();
    name.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    name.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    document.body.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    name.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(enterTarget).not.toHaveBeenCalled();
  });
});
