import { afterEach, describe, expect, it } from 'vitest';
import { adjacentStatus, spoilerTogglesToClick, timelineColumns } from './focus-targets';

function status(id: string, spoiler?: 'open' | 'closed'): string {
  const toggle = spoiler
    ? `<button data-action="toggle-hidden" aria-expanded="${spoiler === 'open'}">cw</button>`
    : '';
  return `<article class="status" data-status-id="${id}" tabindex="0">${toggle}</article>`;
}

/** A deck: the compose drawer, then two timeline columns. */
function deck(): void {
  document.body.innerHTML = `
    <section class="column column--drawer"><form class="compose-form"></form></section>
    <div class="column-slot"><section class="column" id="home">${status('h1')}${status('h2')}</section></div>
    <main class="column-slot"><section class="column" id="local">${status('l1')}${status('l2')}</section></main>`;
}

const focus = (id: string) => document.querySelector<HTMLElement>(`[data-status-id="${id}"]`)?.focus();

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keyboard targets', () => {
  it('numbers the timeline columns without the compose drawer', () => {
    deck();
    expect(timelineColumns().map((column) => column.id)).toEqual(['home', 'local']);
  });

  it('moves j/k within the column of the focused status', () => {
    deck();
    focus('h1');
    expect(adjacentStatus(1)?.dataset.statusId).toBe('h2');
    focus('h2');
    // the last status of the column stays: the next column's first status is not the next one
    expect(adjacentStatus(1)?.dataset.statusId).toBe('h2');
    focus('l2');
    expect(adjacentStatus(-1)?.dataset.statusId).toBe('l1');
    expect(adjacentStatus(-1)?.dataset.statusId).toBe('l1');
  });

  it('starts j/k at the first status of the first column when none is focused', () => {
    deck();
    expect(adjacentStatus(1)?.dataset.statusId).toBe('h1');
  });

  it('opens every closed content warning when one is closed, else closes them all', () => {
    document.body.innerHTML = `<section class="column">${status('1', 'open')}${status('2', 'closed')}${status('3', 'closed')}</section>`;
    const column = document.querySelector('.column')!;
    expect(
      spoilerTogglesToClick(column).map((toggle) => toggle.closest('article')?.dataset.statusId),
    ).toEqual(['2', '3']);
    column.querySelectorAll('button').forEach((button) => button.setAttribute('aria-expanded', 'true'));
    expect(spoilerTogglesToClick(column)).toHaveLength(3);
  });
});
