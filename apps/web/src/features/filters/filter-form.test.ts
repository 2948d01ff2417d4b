import type { Filter } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import {
  filterFormFrom,
  filterRequestBody,
  hashtagMuteForm,
  keywordRow,
  newFilterForm,
  validateFilterForm,
} from './filter-form';

const saved: Filter = {
  id: '7',
  title: 'Films',
  context: ['public', 'home'],
  expires_at: '2030-01-01T00:00:00.000Z',
  filter_action: 'warn',
  keywords: [
    { id: '71', keyword: 'trailer', whole_word: true },
    { id: '72', keyword: 'box office', whole_word: false },
  ],
  statuses: [],
};

describe('filter form', () => {
  it('prefills a hashtag mute: the tag as a whole word, hidden outside profiles, never expiring', () => {
    const form = hashtagMuteForm('spoilers');
    expect(form).toMatchObject({
      title: '#spoilers',
      keywords: [{ keyword: '#spoilers', whole_word: true }],
      context: ['home', 'notifications', 'public', 'thread'],
      filter_action: 'hide',
      expires_in: null,
    });
    expect(filterRequestBody(form)).toEqual({
      title: '#spoilers',
      context: ['home', 'notifications', 'public', 'thread'],
      filter_action: 'hide',
      expires_in: null,
      keywords_attributes: [{ keyword: '#spoilers', whole_word: true }],
    });
    expect(hashtagMuteForm('#cats').title).toBe('#cats');
  });

  it('asks for a title, a keyword and a context before anything is sent', () => {
    const blank = { ...newFilterForm(), context: [] };
    expect(validateFilterForm(blank)).toEqual({
      title: 'filters.error.title',
      keywords: 'filters.error.keywords',
      context: 'filters.error.context',
    });
    const filled = { ...newFilterForm(), title: ' x ', keywords: [keywordRow('word')] };
    expect(validateFilterForm(filled)).toEqual({});
  });

  it('edits in one request: kept keywords by id, removed ones destroyed, new ones created, expiry kept', () => {
    const form = filterFormFrom(saved);
    expect(form.expires_in).toBe('keep');
    const [trailer] = form.keywords;
    const edited = {
      ...form,
      title: ' Movies ',
      keywords: [{ ...trailer!, whole_word: false }, keywordRow('  premiere '), keywordRow('   ')],
      filter_action: 'hide' as const,
    };
    expect(filterRequestBody(edited, saved)).toEqual({
      title: 'Movies',
      context: ['home', 'public'],
      filter_action: 'hide',
      keywords_attributes: [
        { id: '71', keyword: 'trailer', whole_word: false },
        { keyword: 'premiere', whole_word: true },
        { id: '72', _destroy: true },
      ],
    });
    expect(filterRequestBody({ ...form, expires_in: 3600 }, saved).expires_in).toBe(3600);
    expect(filterRequestBody({ ...form, expires_in: null }, saved).expires_in).toBeNull();
  });
});
