// @vitest-environment node
import fs from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import english from '../../locales/en.json';

/** What a translation must keep of its English message: its arguments, its tags, and each plural's kind. */
interface Shape {
  arguments: Set<string>;
  tags: Set<string>;
  /** per plural or selectordinal: its kind and the categories it names (exact `=n` cases left out) */
  plurals: { argument: string; type: Intl.PluralRuleType; categories: string[] }[];
}

function shapeOf(elements: MessageFormatElement[], shape: Shape = emptyShape()): Shape {
  for (const element of elements) {
    if (element.type === TYPE.tag) {
      shape.tags.add(element.value);
      shapeOf(element.children, shape);
      continue;
    }
    if (element.type !== TYPE.literal && element.type !== TYPE.pound) shape.arguments.add(element.value);
    if (element.type === TYPE.plural)
      shape.plurals.push({
        argument: element.value,
        type: element.pluralType ?? 'cardinal',
        categories: Object.keys(element.options).filter((key) => !key.startsWith('=')),
      });
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) shapeOf(option.value, shape);
  }
  return shape;
}

const emptyShape = (): Shape => ({ arguments: new Set(), tags: new Set(), plurals: [] });
const sorted = (values: Set<string>) => [...values].sort().join(',');

/** The problems of one translated message against the English one, none when it is sound. */
function problemsOf(locale: string, id: string, translation: unknown, englishText: string): string[] {
  if (typeof translation !== 'string') return [`${id}: missing`];
  let elements: MessageFormatElement[];
  try {
    elements = parse(translation);
  } catch (error) {
    return [`${id}: not valid ICU MessageFormat (${(error as Error).message})`];
  }
  const theirs = shapeOf(elements);
  const ours = shapeOf(parse(englishText));
  const problems: string[] = [];
  if (sorted(theirs.arguments) !== sorted(ours.arguments))
    problems.push(`${id}: arguments {${sorted(theirs.arguments)}} instead of {${sorted(ours.arguments)}}`);
  if (sorted(theirs.tags) !== sorted(ours.tags))
    problems.push(`${id}: tags <${sorted(theirs.tags)}> instead of <${sorted(ours.tags)}>`);
  for (const plural of theirs.plurals) {
    const known = new Intl.PluralRules(locale, { type: plural.type }).resolvedOptions().pluralCategories;
    const unknown = plural.categories.filter((category) => !(known as string[]).includes(category));
    if (unknown.length > 0 || !plural.categories.includes('other'))
      problems.push(
        `${id}: {${plural.argument}} has categories ${plural.categories.join('/')}; ${locale} has ${[...known].sort().join('/')}`,
      );
  }
  return problems;
}

const localesDir = new URL('../../locales/', import.meta.url);
const readLocale = (locale: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(new URL(`${locale}.json`, localesDir), 'utf8')) as Record<string, unknown>;

describe.each(LOCALES.filter((locale) => locale !== 'en'))('the %s catalogue', (locale) => {
  const catalogue = readLocale(locale);

  it('has every message of English, sound: valid ICU, the same arguments and tags, its own plural categories', () => {
    const problems = Object.entries(english).flatMap(([id, text]) =>
      problemsOf(locale, id, catalogue[id], text),
    );
    expect(problems).toEqual([]);
  });

  it('has no message English lacks', () => {
    expect(Object.keys(catalogue).filter((id) => !(id in english))).toEqual([]);
  });
});

describe('the locale check', () => {
  it('finds what a translation can get wrong', () => {
    expect(problemsOf('de', 'a', 'Hallo {nme}', 'Hello {name}')).toEqual([
      'a: arguments {nme} instead of {name}',
    ]);
    expect(problemsOf('de', 'a', 'Hallo <b>{name}</b>', 'Hello <strong>{name}</strong>')[0]).toMatch(
      /tags <b>/,
    );
    expect(problemsOf('de', 'a', 'Hallo {name', 'Hello {name}')[0]).toMatch(/not valid ICU/);
    expect(problemsOf('de', 'a', undefined, 'Hello')).toEqual(['a: missing']);
    const posts = '{count, plural, one {# post} other {# posts}}';
    expect(problemsOf('ja', 'a', '{count, plural, one {#件} other {#件}}', posts)[0]).toMatch(/ja has other/);
    expect(
      problemsOf('pl', 'a', '{count, plural, one {# wpis} two {# wpisy} other {# wpisów}}', posts)[0],
    ).toMatch(/pl has few\/many\/one\/other/);
    expect(
      problemsOf('pl', 'a', '{count, plural, one {# wpis} few {# wpisy} other {# wpisów}}', posts),
    ).toEqual([]);
    expect(
      problemsOf('ar', 'a', '{count, plural, zero {لا منشورات} two {منشوران} other {# منشور}}', posts),
    ).toEqual([]);
  });
});
