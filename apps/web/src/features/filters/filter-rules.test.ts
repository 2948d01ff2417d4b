import type { Filter, Status } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { FILTER_SCOPES, filterVerdict, isHiddenByFilters } from './filter-rules';

const filter = (overrides: Partial<Filter> = {}): Filter => ({
  id: '1',
  title: 'Spoilers',
  context: ['home', 'public'],
  expires_at: null,
  filter_action: 'warn',
  keywords: [{ id: '10', keyword: 'spoiler', whole_word: true }],
  statuses: [],
  ...overrides,
});

const status = (filters: Filter[], reblog: Status | null = null) =>
  ({
    id: reblog ? 'boost' : 'post',
    reblog,
    filtered: filters.map((f) => ({ filter: f, keyword_matches: ['spoiler'], status_matches: null })),
  }) as unknown as Status;

describe('filterVerdict', () => {
  it('warns with the titles of the filters of this context, and only there', () => {
    const matched = status([filter(), filter({ id: '2', title: 'Sports', context: ['notifications'] })]);
    expect(filterVerdict(matched, FILTER_SCOPES.home)).toEqual({ action: 'warn', titles: ['Spoilers'] });
    expect(filterVerdict(matched, FILTER_SCOPES.notifications)).toEqual({
      action: 'warn',
      titles: ['Sports'],
    });
    expect(filterVerdict(matched, FILTER_SCOPES.account)).toBeNull();
    expect(filterVerdict(matched, null)).toBeNull();
    expect(filterVerdict(status([]), FILTER_SCOPES.home)).toBeNull();
  });

  it('hides when any applicable filter hides, except where the viewer asked for the post', () => {
    const matched = status([filter(), filter({ id: '2', title: 'Gone', filter_action: 'hide' })]);
    expect(filterVerdict(matched, FILTER_SCOPES.public)).toEqual({ action: 'hide' });
    expect(isHiddenByFilters(matched, FILTER_SCOPES.home)).toBe(true);
    expect(filterVerdict(matched, FILTER_SCOPES.saved)).toEqual({
      action: 'warn',
      titles: ['Spoilers', 'Gone'],
    });
    const opened = status([filter({ context: ['thread'], filter_action: 'hide' })]);
    expect(filterVerdict(opened, FILTER_SCOPES.thread)).toEqual({ action: 'hide' });
    expect(filterVerdict(opened, FILTER_SCOPES.opened)).toEqual({ action: 'warn', titles: ['Spoilers'] });
  });

  it('judges a boost by the boosted post', () => {
    const boost = status([], status([filter({ filter_action: 'hide' })]));
    expect(isHiddenByFilters(boost, FILTER_SCOPES.home)).toBe(true);
  });

  it('ignores expired filters and malformed entries', () => {
    const now = Date.parse('2026-01-02T00:00:00Z');
    const expired = status([filter({ expires_at: '2026-01-01T00:00:00Z', filter_action: 'hide' })]);
    expect(filterVerdict(expired, FILTER_SCOPES.home, now)).toBeNull();
    const later = status([filter({ expires_at: '2026-01-03T00:00:00Z' })]);
    expect(filterVerdict(later, FILTER_SCOPES.home, now)).toEqual({ action: 'warn', titles: ['Spoilers'] });
    const malformed = { id: 'x', reblog: null, filtered: [{ filter: 'nope' }, {}] } as unknown as Status;
    expect(filterVerdict(malformed, FILTER_SCOPES.home)).toBeNull();
  });
});
