import { useState } from 'react';
import { messagingApi, type RevealedMessage } from '../api';
import { useAction } from '../hooks/use-action';
import type { Message } from '../model';
import { CONVERSATION_REPORT_REASONS, REPORT_REVEAL_MAX } from '../rules/constants';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import type { MessageId } from '../../../platform/i18n/messages';
import { useT } from '../../../platform/i18n/use-t';

type Reason = (typeof CONVERSATION_REPORT_REASONS)[number];

/**
 * What the report of an encrypted chat can reveal when it cites no message: the latest messages this device
 * decrypted (as many as the server keeps of a plain chat's report), their text as the reporter read it.
 */
export function recentForReport(messages: readonly Message[]): RevealedMessage[] {
  return messages
    .filter((message) => !message.is_system_message && message.content.trim() !== '')
    .slice(-REPORT_REVEAL_MAX)
    .map((message) => ({
      message_id: message.id,
      sender_id: message.sender_id,
      content: message.content,
      created_at: message.created_at,
    }));
}

const reasonLabels = {
  spam: 'messages.report.reason.spam',
  harassment: 'messages.report.reason.harassment',
  hate_speech: 'messages.report.reason.hate_speech',
  inappropriate_content: 'messages.report.reason.inappropriate_content',
  threats: 'messages.report.reason.threats',
  impersonation: 'messages.report.reason.impersonation',
  other: 'messages.report.reason.other',
} satisfies Record<Reason, MessageId>;

/**
 * Reports a conversation; a reason is required (SPEC §5). In an encrypted chat the server has no text to show the
 * moderators: `revealable` are the decrypted messages the reporter may reveal to them (the reported one), sent
 * along unless the reporter unticks "Show this message to the moderators".
 */
export function ReportModal({
  conversationId,
  onClose,
  revealable = [],
}: {
  conversationId: string;
  onClose: () => void;
  revealable?: RevealedMessage[];
}) {
  const t = useT();
  const run = useAction();
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [reveal, setReveal] = useState(true);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const revealed = reveal && revealable.length > 0 ? revealable : undefined;
    const ok = await run(() => messagingApi.report(conversationId, reason, details.trim(), revealed), {
      failure: 'messages.error.report',
      success: 'messages.report.submitted',
    });
    if (ok) onClose();
  };

  return (
    <Modal title={t('messages.report.title')} onClose={onClose} className="mbox-dialog">
      <form className="mbox-form" onSubmit={(event) => void submit(event)}>
        <fieldset className="mbox-reasons">
          <legend>{t('messages.report.reason')}</legend>
          {CONVERSATION_REPORT_REASONS.map((value) => (
            <label key={value} className={reason === value ? 'is-selected' : ''}>
              <input
                type="radio"
                name="report-reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
              />
              {t(reasonLabels[value])}
            </label>
          ))}
        </fieldset>
        {missingReason ? (
          <p className="mbox-field-error" role="alert">
            {t('messages.report.reason_required')}
          </p>
        ) : null}
        <textarea
          dir="auto"
          className="mbox-input"
          rows={3}
          maxLength={1000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          placeholder={t('messages.report.details')}
          aria-label={t('messages.report.details')}
        />
        {revealable.length > 0 ? (
          <label className="checkbox-field mbox-reveal">
            <input type="checkbox" checked={reveal} onChange={(event) => setReveal(event.target.checked)} />
            <span>
              {t('messages.report.reveal', { count: revealable.length })}
              {revealable.length === 1 ? (
                <q className="mbox-reveal__quote">{revealable[0]?.content}</q>
              ) : null}
            </span>
          </label>
        ) : null}
        <div className="mbox-modal__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('messages.cancel')}
          </Button>
          <Button type="submit" variant="danger">
            {t('messages.report.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
