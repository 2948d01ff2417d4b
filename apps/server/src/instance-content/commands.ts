import fs from 'node:fs/promises';
import type { Db } from '../db/index.js';
import {
  addRule,
  DOCUMENT_KINDS,
  isDate,
  listRules,
  removeRule,
  saveDocument,
  termsDates,
} from './service.js';

export const CONTENT_USAGE = `  rules list                   show the server rules
  rules add TEXT [--hint H]    add a rule (shown on /about)
  rules remove ID              remove a rule
  content set KIND FILE        set extended_description or privacy_policy from a text file
  terms list                   show the dated terms of service versions
  terms set DATE FILE          set the terms of service effective on DATE (YYYY-MM-DD) from a text file`;

export interface ContentOutput {
  out(line: string): void;
}

/** A mistyped content command: the message the CLI shows with the usage text. */
export class ContentUsageError extends Error {}

async function readText(file: string): Promise<string> {
  const text = (await fs.readFile(file, 'utf8')).trim();
  if (!text) throw new ContentUsageError(`${file} is empty`);
  return text;
}

/** rules / content / terms subcommands of `npm run admin`. Returns false when `command` is not one of them. */
export async function runContentCommand(
  db: Db,
  command: string,
  args: string[],
  output: ContentOutput,
): Promise<boolean> {
  const [action, ...rest] = args;
  if (command === 'rules') {
    if (action === 'list' && rest.length === 0) {
      for (const rule of await listRules(db))
        output.out(`${rule.id}  ${rule.text}${rule.hint ? ` (${rule.hint})` : ''}`);
      return true;
    }
    if (action === 'add') {
      const hintAt = rest.indexOf('--hint');
      const hint = hintAt >= 0 ? rest[hintAt + 1] : '';
      const words = hintAt >= 0 ? rest.slice(0, hintAt) : rest;
      if (words.length !== 1 || hint === undefined || !words[0]?.trim())
        throw new ContentUsageError('Expected: rules add TEXT [--hint H]');
      const rule = await addRule(db, words[0], hint);
      output.out(`Added rule ${rule.id}`);
      return true;
    }
    if (action === 'remove' && rest.length === 1 && /^\d{1,18}$/.test(rest[0] ?? '')) {
      if (!(await removeRule(db, rest[0] ?? ''))) throw new ContentUsageError(`No rule ${rest[0]}`);
      output.out(`Removed rule ${rest[0]}`);
      return true;
    }
    throw new ContentUsageError('Expected: rules list | rules add TEXT [--hint H] | rules remove ID');
  }
  if (command === 'content') {
    const [kind, file] = rest;
    if (
      action !== 'set' ||
      rest.length !== 2 ||
      !file ||
      !(DOCUMENT_KINDS as readonly string[]).includes(kind ?? '')
    )
      throw new ContentUsageError(`Expected: content set ${DOCUMENT_KINDS.join('|')} FILE`);
    await saveDocument(db, kind as (typeof DOCUMENT_KINDS)[number], await readText(file));
    output.out(`Saved ${kind}`);
    return true;
  }
  if (command === 'terms') {
    if (action === 'list' && rest.length === 0) {
      for (const date of await termsDates(db)) output.out(date);
      return true;
    }
    const [date, file] = rest;
    if (action !== 'set' || rest.length !== 2 || !date || !file || !isDate(date))
      throw new ContentUsageError('Expected: terms list | terms set YYYY-MM-DD FILE');
    await saveDocument(db, 'terms_of_service', await readText(file), date);
    output.out(`Saved terms of service effective ${date}`);
    return true;
  }
  return false;
}
