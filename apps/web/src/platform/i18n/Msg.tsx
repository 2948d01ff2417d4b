import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from './messages';

type RichValue = string | number | null | undefined | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/** A typed `<FormattedMessage>`: ids are checked against the English catalogue. */
export function Msg({ id, values }: { id: MessageId; values?: Record<string, RichValue> }) {
  return <FormattedMessage id={id} values={values as Record<string, ReactNode>} />;
}
