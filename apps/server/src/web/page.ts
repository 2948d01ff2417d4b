import fs from 'node:fs/promises';
import path from 'node:path';
import type { InitialState } from '@palchat/api';

/** JSON that is safe inside <script>: no `<` can end the element, no line separators break old parsers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The built index.html with the initial state placed just before </head>. */
export function injectInitialState(html: string, state: InitialState): string {
  const script = `<script id="initial-state" type="application/json">${scriptSafeJson(state)}</script>`;
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return `${script}${html}`;
  return `${html.slice(0, headEnd)}${script}${html.slice(headEnd)}`;
}

let cached: { file: string; mtimeMs: number; html: string } | null = null;

/** index.html of the built client, re-read when the file changes; null when the client is not built. */
export async function readIndexHtml(webDistDir: string): Promise<string | null> {
  const file = path.join(webDistDir, 'index.html');
  try {
    const { mtimeMs } = await fs.stat(file);
    if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.html;
    const html = await fs.readFile(file, 'utf8');
    cached = { file, mtimeMs, html };
    return html;
  } catch {
    return null;
  }
}
