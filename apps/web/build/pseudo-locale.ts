import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/*
 * The pseudo-locale of the e2e build (issue 34): every English text with each letter accented and about 40 %
 * longer, inside brackets. A text on screen with plain ASCII words did not come from the catalogue, and a
 * layout that clips the longer texts would clip a real translation too. Placeholders, tags and plural or
 * select syntax are kept as they are.
 */

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'áƀçďëƒĝĥíĵķĺɱñöþǫŕŝţüṽŵẋýžÁƁÇĎËƑĜĤÍĴĶĹṀÑÖÞǪŔŜŢÜṼŴẊÝŽ'];
const ACCENT = new Map([...PLAIN].map((letter, index) => [letter, ACCENTED[index] ?? letter]));

/** How much longer than English the pseudo texts are: about what German or Finnish need. */
const GROWTH = 0.4;

function accent(text: string): string {
  return [...text].map((char) => ACCENT.get(char) ?? char).join('');
}

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (isLiteralElement(element)) return { ...element, value: accent(element.value) };
    if (isTagElement(element)) return { ...element, children: accentElements(element.children) };
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: accentElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/** The length of a message's words: its literal text, plural and select options included. */
function literalLength(elements: MessageFormatElement[]): number {
  return elements.reduce((length, element) => {
    if (isLiteralElement(element)) return length + element.value.length;
    if (isTagElement(element)) return length + literalLength(element.children);
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.values(element.options).map((option) => literalLength(option.value));
      return length + Math.max(0, ...options);
    }
    return length;
  }, 0);
}

/** One English message in the pseudo-locale, as ICU MessageFormat text. */
export function pseudoMessage(english: string): string {
  const elements = parse(english);
  const length = literalLength(elements);
  if (length === 0) return english;
  // "[", " ", the padding and "]" make the text GROWTH longer
  const padding = '·'.repeat(Math.max(1, Math.ceil(length * GROWTH) - 3));
  const open = { type: 0, value: '[' } as MessageFormatElement;
  const close = { type: 0, value: ` ${padding}]` } as MessageFormatElement;
  return printAST([open, ...accentElements(elements), close]);
}

/** The English catalogue in the pseudo-locale. */
export function pseudoCatalogue(english: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudoMessage(text)]));
}
