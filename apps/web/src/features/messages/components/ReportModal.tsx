import { useState } from 'react';
import { useIntl } from 'react-intl';
import { messagingApi } from '../api/endpoints';
import { useAction } from '../hooks/use-action';
import { m } from '../messages';
import { CONVERSATION_REPORT_REASONS } from '../rules/constants';
import { Modal } from './Modal';

type Reason = (typeof CONVERSATION_REPORT_REASONS)[number];

const reasonLabels = {
  spam: m.reason_spam,
  harassment: m.reason_harassment,
  hate_speech: m.reason_hate_speech,
  inappropriate_content: m.reason_inappropriate_content,
  threats: m.reason_threats,
  impersonation: m.reason_impersonation,
  other: m.reason_other,
} satisfies Record<Reason, unknown>;

/** Reports a conversation; a reason is required (SPEC §5). */
export function ReportModal({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const intl = useIntl();
  const run = useAction();
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const ok = await run(() => messagingApi.report(conversationId, reason, details.trim()), {
      failure: m.failedSubmitReport,
      success: m.reportSubmitted,
    });
    if (ok) onClose();
  };

  return (
    <Modal title={intl.formatMessage(m.reportTitle)} onClose={onClose}>
      <form className="mbox-form" onSubmit={(event) => void submit(event)}>
        <fieldset className="mbox-reasons">
          <legend>{intl.formatMessage(m.reportReason)}</legend>
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
              {intl.formatMessage(reasonLabels[value])}
            </label>
          ))}
        </fieldset>
        {missingReason ? (
          <p className="mbox-field-error" role="alert">
            {intl.formatMessage(m.reportReasonRequired)}
          </p>
        ) : null}
        <textarea
          className="mbox-input"
          rows={3}
          maxLength={1000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          placeholder={intl.formatMessage(m.reportDetails)}
          aria-label={intl.formatMessage(m.reportDetails)}
        />
        <div className="mbox-modal__actions">
          <button type="button" className="mbox-button mbox-button--ghost" onClick={onClose}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="submit" className="mbox-button mbox-button--danger">
            {intl.formatMessage(m.reportSubmit)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
