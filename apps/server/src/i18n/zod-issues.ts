import type { $ZodError, $ZodErrorMap, $ZodIssue, $ZodRawIssue } from 'zod/v4/core';
import * as zodLocales from 'zod/v4/locales';
import { formatMessage, message } from './format.js';
import type { ServerLocale } from './locales.js';

type ZodLocale = () => { localeError: $ZodErrorMap };

/** zod's own translation of its messages for a locale: zod names pt-BR `ptBR`, zh-CN `zhCN`. */
const zodLocale = (locale: ServerLocale): ZodLocale | undefined =>
  (zodLocales as unknown as Record<string, ZodLocale | undefined>)[locale.replace('-', '')];

/** A value of each type zod's English message can name as "received" (the issue keeps no input). */
const SAMPLE_OF_TYPE: Record<string, unknown> = {
  string: '',
  number: 0,
  boolean: false,
  array: [],
  object: {},
  null: null,
  undefined: undefined,
};

/** zod's invalid_type message names the type it received; a translated one needs a value of that type. */
function inputNamedBy(issue: $ZodIssue): unknown {
  const received = /received (\w+)$/.exec(issue.message)?.[1];
  return received ? SAMPLE_OF_TYPE[received] : undefined;
}

function translatedReason(issue: $ZodIssue, locale: ServerLocale): string {
  const raw = {
    ...issue,
    input: issue.code === 'invalid_type' ? inputNamedBy(issue) : undefined,
  } as $ZodRawIssue;
  const result = zodLocale(locale)?.().localeError(raw);
  const text = typeof result === 'string' ? result : result?.message;
  return text ?? issue.message;
}

/** "Validation failed: field reason" of a request's first invalid field, in `locale`. */
export function describeZodError(error: $ZodError, locale: ServerLocale): string {
  const issue = error.issues[0];
  if (!issue) return formatMessage(locale, 'validation.failed');
  const reason = locale === 'en' ? issue.message : translatedReason(issue, locale);
  const field = issue.path.join('.');
  return formatMessage(
    locale,
    field ? message('validation.field', { field, reason }) : message('validation.failed_with', { reason }),
  );
}
