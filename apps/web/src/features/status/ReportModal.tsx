import './report.css';
import type { Account, Status } from '@palchat/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useInstance } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { ErrorMessage } from '../../components/States';
import { reports } from './api';

const CATEGORIES = ['spam', 'violation', 'other'] as const;
type Category = (typeof CATEGORIES)[number];

/** Reports an account, with one of its statuses when reported from it (POST /api/v1/reports). */
export default function ReportModal({
  account,
  status,
  onClose,
}: {
  account: Account;
  status?: Status;
  onClose: () => void;
}) {
  const t = useT();
  const [category, setCategory] = useState<Category>('other');
  const [comment, setComment] = useState('');
  const [ruleIds, setRuleIds] = useState<string[]>([]);
  const rules = useInstance().data?.rules ?? [];
  // as in Mastodon, a violation names the rules broken (when the server has any)
  const citing = category === 'violation' && rules.length > 0;
  const report = useMutation({
    mutationFn: () =>
      reports.create({
        account_id: account.id,
        status_ids: status ? [status.id] : [],
        category,
        rule_ids: citing ? ruleIds : [],
        comment,
      }),
  });
  const toggleRule = (id: string, on: boolean) =>
    setRuleIds((current) => (on ? [...current, id] : current.filter((ruleId) => ruleId !== id)));
  return (
    <Modal
      title={t('report.title', { name: `@${account.acct}` })}
      onClose={onClose}
      actions={
        report.isSuccess ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <Button
            busy={report.isPending}
            disabled={citing && ruleIds.length === 0}
            onClick={() => report.mutate()}
          >
            <Msg id="report.submit" />
          </Button>
        )
      }
    >
      {report.isSuccess ? (
        <p role="status">
          <Msg id="report.thanks" />
        </p>
      ) : (
        <>
          <fieldset className="report__categories">
            <legend>{t('report.category')}</legend>
            {CATEGORIES.map((value) => (
              <label key={value} className="report__category">
                <input
                  type="radio"
                  name="report-category"
                  checked={category === value}
                  onChange={() => setCategory(value)}
                />
                {t(`report.category_${value}`)}
              </label>
            ))}
          </fieldset>
          {citing && (
            <fieldset className="report__categories">
              <legend>{t('report.rules')}</legend>
              {rules.map((rule) => (
                <label key={rule.id} className="report__category">
                  <input
                    type="checkbox"
                    checked={ruleIds.includes(rule.id)}
                    onChange={(event) => toggleRule(rule.id, event.target.checked)}
                  />
                  {rule.text}
                </label>
              ))}
            </fieldset>
          )}
          <label className="field">
            <span className="field__label">{t('report.comment')}</span>
            <textarea
              dir="auto"
              className="field__input"
              value={comment}
              maxLength={1000}
              rows={3}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          {report.isError && <ErrorMessage error={report.error} />}
        </>
      )}
    </Modal>
  );
}
