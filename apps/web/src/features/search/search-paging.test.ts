import type { SearchResults } from '@palchat/api';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_PAGE_SIZE, isSearchType, searchPage } from './search-paging';

const accounts = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: String(index) })) as SearchResults['accounts'];

describe('search paging', () => {
  it('asks one type by offset, resolving on the first page only', async () => {
    const search = vi.fn(async () => ({ accounts: accounts(SEARCH_PAGE_SIZE), hashtags: [], statuses: [] }));
    const first = await searchPage(search, { q: 'al', type: 'accounts', offsetParam: null, signedIn: true });
    expect(search).toHaveBeenLastCalledWith({
      q: 'al',
      type: 'accounts',
      offset: 0,
      limit: 20,
      resolve: true,
    });
    expect(first).toMatchObject({ next: '20', prev: null });
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await searchPage(search, { q: 'al', type: 'accounts', offsetParam: '20', signedIn: true });
    expect(search).toHaveBeenLastCalledWith({
      q: 'al',
      type: 'accounts',
      offset: 20,
      limit: 20,
      resolve: false,
    });
    expect(second).toMatchObject({ next: '40', prev: '0' });
  });

  it('stops after a short page, and after the first page for visitors', async () => {
    const short = vi.fn(async () => ({ accounts: accounts(3), hashtags: [], statuses: [] }));
    expect(
      (await searchPage(short, { q: 'a', type: 'accounts', offsetParam: null, signedIn: true })).next,
    ).toBeNull();
    const full = vi.fn(async () => ({ accounts: accounts(SEARCH_PAGE_SIZE), hashtags: [], statuses: [] }));
    expect(
      (await searchPage(full, { q: 'a', type: 'accounts', offsetParam: null, signedIn: false })).next,
    ).toBeNull();
  });

  it('knows its tabs', () => {
    expect(isSearchType('statuses')).toBe(true);
    expect(isSearchType('all')).toBe(false);
    expect(isSearchType(null)).toBe(false);
  });
});
