import { TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../build/compile-messages';
import english from '../../locales/en.json';

type Values = Record<string, string | number | ((chunks: unknown[]) => string)>;

/** A value for every argument a message names: numbers where it counts or formats, tags as brackets. */
function sampleValues(elements: MessageFormatElement[], values: Values = {}): Values {
  for (const element of elements) {
    if ('value' in element && typeof element.value === 'string' && element.type !== TYPE.literal) {
      values[element.value] ??= element.type === TYPE.number || element.type === TYPE.plural ? 3 : 'x';
    }
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks) => `[${chunks.join('')}]`;
      sampleValues(element.children, values);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
    }
  }
  return values;
}

describe('catalogues compiled at build time', () => {
  const compiled = compileCatalogue(english) as Record<string, MessageFormatElement[]>;
  const fromText = createIntl({ locale: 'en', messages: english, onError: () => undefined });
  const fromTree = createIntl({ locale: 'en', messages: compiled, onError: () => undefined });

  it('format every English message exactly as its text does', () => {
    const ids = Object.keys(english);
    expect(Object.keys(compiled)).toEqual(ids);
    for (const id of ids) {
      const values = sampleValues(compiled[id] ?? []);
      const expected = fromText.formatMessage({ id }, values);
      expect(expected, `${id} formats without error`).not.toEqual(id);
      expect(fromTree.formatMessage({ id }, values), id).toEqual(expected);
    }
  });

  it('reject a message that is not valid ICU syntax', () => {
    expect(() => compileCatalogue({ broken: 'You have {count, plural, one {# post}' })).toThrow();
  });
});
