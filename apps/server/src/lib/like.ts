import { sql } from 'kysely';

/** `value` as a LIKE pattern matched literally ('!' is the escape character in both dialects). */
export const likeLiteral = (value: string): string => value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);

/** A LIKE pattern around a literal, lower-cased, with its escape clause: `before` and `after` are wildcards. */
export const likePattern = (before: string, value: string, after: string) =>
  sql<string>`${`${before}${likeLiteral(value)}${after}`} escape '!'`;
