import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Html, sanitizeInto } from './Html';

function sanitized(html: string): HTMLElement {
  const element = document.createElement('div');
  sanitizeInto(element, html);
  return element;
}

describe('Html sanitizing (the DOMPurify path; browsers with Element.setHTML use the same lists natively)', () => {
  it('keeps the allowed markup and drops scripts, handlers and styles', () => {
    const element = sanitized(
      '<p class="x" onclick="steal()">Hi <strong>there</strong><script>steal()</script>' +
        '<img src="x" onerror="steal()"><span style="color:red" lang="fr">salut</span></p>',
    );
    expect(element.innerHTML).toBe('<p class="x">Hi <strong>there</strong><span lang="fr">salut</span></p>');
  });

  it('keeps the text of elements outside the list', () => {
    expect(sanitized('<div>in a <sup>div</sup></div>').innerHTML).toBe('in a div');
  });

  it('opens links in a new tab without referrer, and removes unsafe targets', () => {
    const element = sanitized(
      '<a href="https://example.test/@ann">ok</a><a href="javascript:alert(1)">js</a>' +
        '<a href="java\tscript:alert(1)">tab</a><a href="data:text/html,x">data</a><a href="/tags/cats">tag</a>',
    );
    const links = [...element.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.test/@ann',
      null,
      null,
      null,
      '/tags/cats',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    }
  });

  it('renders the content as soon as the element is rendered, in its own direction, and follows changes', () => {
    const view = render(<Html as="span" className="note" html="<p>first</p>" />);
    expect(view.container.innerHTML).toBe('<span class="note" dir="auto"><p>first</p></span>');
    view.rerender(<Html as="span" className="note" html="<p>second</p>" />);
    expect(view.container.textContent).toBe('second');
  });
});
