import fs from 'node:fs/promises';
import path from 'node:path';
import { localeDirection, type InitialState, type Locale, type ThemeSetting } from '@palchat/api';
import { inlineStyleHashes } from '../http/security-headers.js';

/** JSON that is safe inside <script>: no `<` can end the element, no line separators break old parsers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `fragment` placed just before </head> (at the start when the page has no head). */
export function injectIntoHead(html: string, fragment: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return `${fragment}${html}`;
  return `${html.slice(0, headEnd)}${fragment}${html.slice(headEnd)}`;
}

/** The built index.html with the initial state placed just before </head>. */
export function injectInitialState(html: string, state: InitialState): string {
  return injectIntoHead(
    html,
    `<script id="initial-state" type="application/json">${scriptSafeJson(state)}</script>`,
  );
}

/**
 * The account's theme on the <html> element, so that the first paint already has its colours (no script, nothing
 * for the Content-Security-Policy to allow). "system" leaves the element alone: the stylesheet follows the system.
 */
export function applyTheme(html: string, theme: ThemeSetting): string {
  if (theme === 'system') return html;
  return html.replace(/<html\b/i, `<html data-theme="${theme}"`);
}

/**
 * The interface language on the <html> element (its `lang` replaced), with its writing direction, so that the
 * first paint is already laid out for it: fonts, hyphenation and screen readers follow `lang`, the layout `dir`.
 */
export function applyLocale(html: string, locale: Locale): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const others = attributes.replace(/\s(?:lang|dir)="[^"]*"/gi, '');
    return `<html${others} lang="${locale}" dir="${localeDirection(locale)}">`;
  });
}

const cache = new Map<string, { mtimeMs: number; value: unknown }>();

/** A file of the client's build, parsed once and re-read when it changes; null when it is missing or invalid. */
export async function readBuiltFile<T>(file: string, parse: (text: string) => T): Promise<T | null> {
  try {
    const { mtimeMs } = await fs.stat(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.value as T;
    const value = parse(await fs.readFile(file, 'utf8'));
    cache.set(file, { mtimeMs, value });
    return value;
  } catch {
    return null;
  }
}

export interface BuiltIndex {
  html: string;
  /** hash sources of its inline styles, for the page's Content-Security-Policy */
  inlineStyleHashes: string[];
}

/** index.html of the built client; null when the client is not built. */
export function readIndexHtml(webDistDir: string): Promise<BuiltIndex | null> {
  return readBuiltFile(path.join(webDistDir, 'index.html'), (html) => ({
    html,
    inlineStyleHashes: inlineStyleHashes(html),
  }));
}
