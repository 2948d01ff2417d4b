// Issue 34: no text of the web client's interface bypasses the message catalogue (apps/web/src/locales/en.json
// and its translations). The rule reports words written straight into JSX: text between tags, and the
// attributes a reader sees or hears (aria-label, title, placeholder, alt, …) given a literal. Text that is
// not a word (punctuation, symbols, numbers, emoji) is left alone, and so is what the page does not show.

import fs from 'node:fs';

/** The catalogue's ids: a prop given one (title="column.mutes") names a message, which the component formats. */
const CATALOGUE_IDS = new Set(
  Object.keys(
    JSON.parse(fs.readFileSync(new URL('../apps/web/src/locales/en.json', import.meta.url), 'utf8')),
  ),
);

/** Attributes whose value a reader sees or a screen reader speaks. */
const SHOWN_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'placeholder',
  'title',
]);

/** Whether a text has a word in it: a letter of any script. */
const hasWords = (text) => /\p{L}/u.test(text);

/** The literal text an attribute's value spells, if it is one: "x", {'x'}, {`x`} (the template's fixed parts). */
function literalText(value) {
  if (!value) return null;
  if (value.type === 'Literal') return typeof value.value === 'string' ? value.value : null;
  if (value.type !== 'JSXExpressionContainer') return null;
  const expression = value.expression;
  if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression.type === 'TemplateLiteral')
    return expression.quasis.map((quasi) => quasi.value.cooked).join(' ');
  return null;
}

const uiText = {
  meta: {
    type: 'problem',
    docs: { description: 'Text shown to the reader comes from the message catalogue (react-intl)' },
    schema: [],
    messages: {
      text: 'UI text "{{text}}" is written into the JSX: add it to apps/web/src/locales/en.json and use t()/<Msg>.',
      attribute:
        'The {{name}} "{{text}}" is written into the JSX: add it to apps/web/src/locales/en.json and use t().',
    },
  },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (hasWords(text)) context.report({ node, messageId: 'text', data: { text: text.slice(0, 40) } });
      },
      JSXExpressionContainer(node) {
        // {'text'} or {`text`} as a child of an element
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = literalText(node);
        if (text !== null && hasWords(text))
          context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !SHOWN_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (text !== null && hasWords(text) && !CATALOGUE_IDS.has(text))
          context.report({ node, messageId: 'attribute', data: { name, text: text.slice(0, 40) } });
      },
    };
  },
};

export const uiTextPlugin = { rules: { 'ui-text': uiText } };
