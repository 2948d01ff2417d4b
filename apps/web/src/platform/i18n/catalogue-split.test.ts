import { describe, expect, it } from 'vitest';
import {
  cataloguePart,
  FIRST_SCREEN_AREAS,
  FIRST_SCREEN_IDS,
  idsMissingFromFirstScreen,
  isFirstScreenMessage,
} from '../../../build/catalogue-split';
import english from '../../locales/en.json';

describe('the catalogue in two parts', () => {
  it('puts every message in exactly one part', () => {
    const firstScreen = cataloguePart(english, 'first-screen');
    const rest = cataloguePart(english, 'rest');
    expect(Object.keys(firstScreen).length).toBeGreaterThan(0);
    expect(Object.keys(rest).length).toBeGreaterThan(0);
    expect({ ...firstScreen, ...rest }).toEqual(english);
    expect(Object.keys(firstScreen).filter((id) => id in rest)).toEqual([]);
  });

  it('names only ids and areas the catalogue has (a renamed message is not silently moved)', () => {
    expect([...FIRST_SCREEN_IDS].filter((id) => !(id in english))).toEqual([]);
    const areas = new Set(Object.keys(english).map((id) => id.split('.')[0]));
    expect(FIRST_SCREEN_AREAS.filter((area) => !areas.has(area))).toEqual([]);
  });

  it('keeps the first screen small: the views off it, the settings and the filters, are in the rest', () => {
    expect(isFirstScreenMessage('status.reply')).toBe(true);
    expect(isFirstScreenMessage('column.home')).toBe(true);
    expect(isFirstScreenMessage('preferences.title')).toBe(false);
    expect(isFirstScreenMessage('filters.title')).toBe(false);
  });
});

describe('the build check of first-screen chunks', () => {
  const catalogue = { 'status.reply': 'Reply', 'preferences.title': 'Preferences', 'lists.title': 'Lists' };

  it('finds quoted ids of the rest, and ignores first-screen ids and strings that are no ids', () => {
    const code = `t("status.reply");t('preferences.title');x="lists.unknown";y="a.b"`;
    expect(idsMissingFromFirstScreen(code, catalogue)).toEqual(['preferences.title']);
  });

  it('finds ids built from a template, whose whole area would be needed', () => {
    expect(idsMissingFromFirstScreen('t(`lists.${kind}`)', catalogue)).toEqual(['lists.*']);
    expect(idsMissingFromFirstScreen('t(`status.${kind}`)', catalogue)).toEqual([]);
  });

  it('refuses ids whose area is a variable, since they cannot be checked', () => {
    expect(idsMissingFromFirstScreen('t(`${area}.title`)', catalogue)).toEqual(['`${area}.title`']);
    expect(idsMissingFromFirstScreen('load(`${name}.js`)', catalogue)).toEqual([]);
  });
});
