#!/usr/bin/env node
// The web client mirrors itself for right-to-left languages through CSS logical properties (one stylesheet that
// follows `dir`), so a physical left/right in apps/web/src/**/*.css is a right-to-left bug waiting: this check
// fails on one. A rule whose selector names a direction (`:dir(rtl)`, `[dir='rtl']`) may use physical values: that
// is where a direction-bearing transform or shadow is mirrored. A declaration after a comment containing
// "direction-neutral" is left alone (e.g. `left: 50%` with `translateX(-50%)` centres in either direction).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LOGICAL = {
  left: 'inset-inline-start',
  right: 'inset-inline-end',
  'margin-left': 'margin-inline-start',
  'margin-right': 'margin-inline-end',
  'padding-left': 'padding-inline-start',
  'padding-right': 'padding-inline-end',
  'scroll-margin-left': 'scroll-margin-inline-start',
  'scroll-margin-right': 'scroll-margin-inline-end',
  'scroll-padding-left': 'scroll-padding-inline-start',
  'scroll-padding-right': 'scroll-padding-inline-end',
  'border-top-left-radius': 'border-start-start-radius',
  'border-top-right-radius': 'border-start-end-radius',
  'border-bottom-left-radius': 'border-end-start-radius',
  'border-bottom-right-radius': 'border-end-end-radius',
};

/** Shorthands whose four values run top, right, bottom, left: asymmetric when the second and fourth differ. */
const BOX_SHORTHANDS = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-color',
  'border-style',
  'scroll-margin',
  'scroll-padding',
]);

const KEYWORD_VALUES = new Set(['text-align', 'float', 'clear']);
const POSITION_VALUES = new Set([
  'background-position',
  'background-position-x',
  'background',
  'object-position',
  'transform-origin',
]);

/** Top-level (outside parentheses) splitting of a value by a separator character or by white space. */
function splitTopLevel(value, separator) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    const splits = separator === ' ' ? /\s/.test(char) : char === separator;
    if (splits && depth === 0) {
      if (current.trim()) parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const isZero = (length) => /^[-+]?0*\.?0+(?:[a-z%]+)?$/i.test(length);
const isLength = (token) => /^[-+]?(?:\d|\.\d)/.test(token) || /^(?:calc|var|min|max|clamp)\(/.test(token);

function radiusIsAsymmetric(value) {
  const [horizontal] = value.split('/');
  const [a, b = a, c = a, d = b] = splitTopLevel(horizontal, ' ');
  return a !== b || c !== d;
}

/** The horizontal offset of every shadow in a box-shadow list: non-zero means it points left or right. */
function shadowLeans(value) {
  return splitTopLevel(value, ',').some((shadow) => {
    const lengths = splitTopLevel(shadow, ' ').filter((token) => token !== 'inset' && isLength(token));
    return lengths.length >= 2 && !isZero(lengths[0]);
  });
}

function translatesSideways(value) {
  for (const match of value.matchAll(/\b(translateX|translate|translate3d)\(([^)]*)\)/g)) {
    const [x] = match[2].split(',').map((part) => part.trim());
    if (x && !isZero(x)) return true;
  }
  return false;
}

/** What is wrong with one declaration, or null. */
function problemOf(property, value, directional) {
  if (property in LOGICAL) return `${property} is physical: use ${LOGICAL[property]}`;
  if (/^border-(left|right)(-|$)/.test(property)) {
    const logical = property.replace(/left|right/, (side) =>
      side === 'left' ? 'inline-start' : 'inline-end',
    );
    return `${property} is physical: use ${logical}`;
  }
  if (KEYWORD_VALUES.has(property) && /^(left|right)$/.test(value)) {
    return `${property}: ${value} is physical: use ${value === 'left' ? 'start' : 'end'}`;
  }
  if (POSITION_VALUES.has(property) && /\b(left|right)\b/.test(value)) {
    return `${property} names left or right: use a direction-specific rule (:dir(rtl)) for the mirror`;
  }
  if (BOX_SHORTHANDS.has(property)) {
    const values = splitTopLevel(value, ' ');
    if (values.length === 4 && values[1] !== values[3]) {
      return `${property} with a different right and left: use ${property}-block and ${property}-inline-start/-end`;
    }
  }
  if (property === 'border-radius' && radiusIsAsymmetric(value)) {
    return 'border-radius with different left and right corners: use border-start-start-radius and its siblings';
  }
  if (directional) return null;
  if (property === 'transform' && translatesSideways(value)) {
    return 'a sideways translate outside a :dir() rule: mirror it under :dir(rtl)';
  }
  if (property === 'translate' && !isZero(splitTopLevel(value, ' ')[0] ?? '0')) {
    return 'a sideways translate outside a :dir() rule: mirror it under :dir(rtl)';
  }
  if (property === 'box-shadow' && shadowLeans(value)) {
    return 'a shadow offset sideways outside a :dir() rule: mirror it under :dir(rtl)';
  }
  return null;
}

/**
 * Every physical left/right in a stylesheet's text, as { line, message }. A small tokenizer rather than a CSS
 * parser: comments, blocks (a selector or an at-rule's prelude each) and declarations are all it needs.
 */
export function directionProblems(css) {
  const problems = [];
  const preludes = [];
  let buffer = '';
  let bufferLine = 1;
  let line = 1;
  let neutral = false;
  let index = 0;
  const directional = () => preludes.some((prelude) => /:dir\(|\[dir\b/.test(prelude));
  const startBuffer = () => {
    buffer = '';
    bufferLine = line;
  };
  while (index < css.length) {
    const char = css[index];
    if (char === '/' && css[index + 1] === '*') {
      const end = css.indexOf('*/', index + 2);
      const comment = css.slice(index, end === -1 ? css.length : end + 2);
      if (comment.includes('direction-neutral')) neutral = true;
      line += comment.split('\n').length - 1;
      index += comment.length;
      continue;
    }
    if (char === '{') {
      preludes.push(buffer.trim());
      startBuffer();
      neutral = false;
    } else if (char === ';' || char === '}') {
      const colon = buffer.indexOf(':');
      if (colon !== -1 && preludes.length > 0) {
        const property = buffer.slice(0, colon).trim().toLowerCase();
        const value = buffer
          .slice(colon + 1)
          .replace(/!important/, '')
          .trim();
        const message = neutral ? null : problemOf(property, value, directional());
        const at = bufferLine + (buffer.match(/^\s*/)?.[0].split('\n').length ?? 1) - 1;
        if (message) problems.push({ line: at, message });
      }
      if (char === '}') preludes.pop();
      startBuffer();
      neutral = false;
    } else {
      if (buffer === '') bufferLine = line;
      buffer += char;
    }
    if (char === '\n') line += 1;
    index += 1;
  }
  return problems;
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const folder = path.join(root, 'apps/web/src');
  const files = readdirSync(folder, { recursive: true })
    .filter((file) => file.endsWith('.css'))
    .sort();
  let count = 0;
  for (const file of files) {
    for (const { line, message } of directionProblems(readFileSync(path.join(folder, file), 'utf8'))) {
      console.error(`apps/web/src/${file}:${line}: ${message}`);
      count += 1;
    }
  }
  if (count > 0) {
    console.error(
      `${count} physical left/right in the web client's CSS: right-to-left layouts need logical ones.`,
    );
    process.exit(1);
  }
  console.log(`apps/web/src: ${files.length} stylesheets, no physical left/right.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
