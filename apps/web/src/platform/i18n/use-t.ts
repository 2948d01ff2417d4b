import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { PrimitiveType } from 'react-intl';
import type { MessageId } from './messages';

export type TranslateValues = Record<string, PrimitiveType>;
export type Translate = (id: MessageId, values?: TranslateValues) => string;

/** A typed shortcut for `intl.formatMessage({ id }, values)`. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
