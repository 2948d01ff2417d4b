import { useT } from '../../../platform/i18n/use-t';
import { plainReasonOf, plainReasonText, type PlainBecause } from './eligibility';

/** Above the composer of a chat that is plain because someone cannot take part in an encrypted one. */
export function PlainReason({
  conversationId,
  because,
}: {
  conversationId?: string;
  because?: PlainBecause | null;
}) {
  const t = useT();
  const shown = because ?? (conversationId ? plainReasonOf(conversationId) : null);
  if (!shown) return null;
  return (
    <p className="mbox-plain-reason" role="note" data-testid="plain-reason">
      {t(plainReasonText(shown), { name: shown.name })}
    </p>
  );
}
