import { TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compileDescriptors } from '../../../build/compile-messages';
import { m } from './messages';

/** A value for every argument a text names (numbers where a plural or a number format needs one). */
function sampleValues(elements: MessageFormatElement[], values: Record<string, string | number> = {}) {
  for (const element of elements) {
    if (element.type !== TYPE.literal && 'value' in element && typeof element.value === 'string') {
      values[element.value] ??= element.type === TYPE.number || element.type === TYPE.plural ? 3 : 'x';
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
    }
  }
  return values;
}

describe("the message box's texts compiled at build time", () => {
  const compiled = compileDescriptors(m);
  // no catalogue: the box's texts are its descriptors' default messages
  const intl = createIntl({ locale: 'en', messages: {}, onError: () => undefined });

  it('keep every descriptor and its id', () => {
    expect(Object.keys(compiled)).toEqual(Object.keys(m));
    for (const [key, descriptor] of Object.entries(m)) expect(compiled[key]?.id).toEqual(descriptor.id);
  });

  it('format exactly as the texts they were compiled from', () => {
    for (const [key, descriptor] of Object.entries(m)) {
      const tree = compiled[key]?.defaultMessage as MessageFormatElement[];
      expect(Array.isArray(tree), key).toBe(true);
      const values = sampleValues(tree);
      const expected = intl.formatMessage(descriptor, values);
      expect(expected, `${key} formats`).not.toEqual(descriptor.id);
      expect(intl.formatMessage({ id: descriptor.id, defaultMessage: tree }, values), key).toEqual(expected);
    }
  });
});
