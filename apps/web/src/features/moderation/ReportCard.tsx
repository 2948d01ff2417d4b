import type { AdminReport } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { LazyStatusCard } from '../../components/LazyStatusCard';
import { RelativeTime } from '../../components/RelativeTime';
import { ErrorMessage } from '../../components/States';
import { adminReports } from './api';
import { moderationKeys } from './query-keys';

const CATEGORY_LABELS: Record<string, MessageId> = {
  spam: 'report_category.spam',
  violation: 'report_category.violation',
  legal: 'report_category.legal',
  other: 'report_category.other',
  harassment: 'report_category.harassment',
  hate_speech: 'report_category.hate_speech',
  inappropriate_content: 'report_category.inappropriate_content',
  threats: 'report_category.threats',
  impersonation: 'report_category.impersonation',
  fraud: 'report_category.fraud',
};

/** A report's accounts are Admin::Account entities; the link shows the public account inside. */
function AccountLink({ account: { account } }: { account: AdminReport['account'] }) {
  return (
    <Link to={`/@${account.acct}`} data-hover-card-account={account.id} className="report-card__account">
      <bdi>{account.display_name || account.username}</bdi>
    </Link>
  );
}

/** Who reported what: an account (with its posts) or a chat of the message box. */
function ReportHeadline({ report }: { report: AdminReport }) {
  const reporter = <AccountLink account={report.account} />;
  if (report.target_account)
    return (
      <Msg
        id={report.chat ? 'moderation.reported_account_in_chat' : 'moderation.reported_account'}
        values={{ reporter, target: <AccountLink account={report.target_account} /> }}
      />
    );
  if (report.chat?.is_group && report.chat.conversation_name)
    return (
      <Msg
        id="moderation.reported_group"
        values={{ reporter, name: <bdi>{report.chat.conversation_name}</bdi> }}
      />
    );
  return <Msg id="moderation.reported_chat" values={{ reporter }} />;
}

type ReportedMessage = NonNullable<AdminReport['chat']>['messages'][number];

function ReportedMessageItem({ message }: { message: ReportedMessage }) {
  return (
    <li className="report-card__message" data-testid="reported-message">
      <Avatar src={message.sender?.avatar ?? ''} size={28} />
      <div>
        <div className="report-card__message-meta">
          <strong>
            {message.sender ? (
              <bdi>{message.sender.display_name || message.sender.username}</bdi>
            ) : (
              <Msg id="moderation.message_deleted_sender" />
            )}
          </strong>
          <RelativeTime iso={message.created_at} />
          {message.revealed && (
            <span className="badge">
              <Msg id="moderation.revealed_by_reporter" />
            </span>
          )}
        </div>
        {/* chat messages are plain text: React escapes them */}
        <p className="report-card__message-text">{message.content}</p>
      </div>
    </li>
  );
}

/** The cited messages; in an encrypted chat, the ones whose text the reporter revealed, marked as such. */
function ReportedMessages({ chat }: { chat: NonNullable<AdminReport['chat']> }) {
  const t = useT();
  if (chat.messages.length === 0) return null;
  return (
    <section className="report-card__section" aria-label={t('moderation.messages')}>
      <h3>
        <Msg id="moderation.messages" />
      </h3>
      <ol className="report-card__messages">
        {chat.messages.map((message) => (
          <ReportedMessageItem key={message.id} message={message} />
        ))}
      </ol>
    </section>
  );
}

/** Resolve or reopen; the report then leaves the tab it was in, and the dashboard's count follows. */
function ResolveButton({ report }: { report: AdminReport }) {
  const client = useQueryClient();
  const action = report.action_taken ? 'reopen' : 'resolve';
  const change = useMutation({
    mutationFn: () => adminReports.setResolved(report.id, action),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationKeys.all }),
  });
  return (
    <>
      <Button
        variant={report.action_taken ? 'secondary' : 'primary'}
        busy={change.isPending}
        onClick={() => change.mutate()}
      >
        <Msg id={report.action_taken ? 'moderation.reopen' : 'moderation.resolve'} />
      </Button>
      {change.isError && <ErrorMessage error={change.error} />}
    </>
  );
}

/** One report as a moderator reads it: who, why, what was cited and reported, and the decision. */
export function ReportCard({ report }: { report: AdminReport }) {
  const t = useT();
  const category = CATEGORY_LABELS[report.category];
  return (
    <article
      className="report-card"
      aria-label={t('moderation.report_label', { id: report.id })}
      data-testid="report"
    >
      <header className="report-card__header">
        <Avatar src={(report.target_account ?? report.account).account.avatar} size={40} />
        <p className="report-card__headline">
          <ReportHeadline report={report} />
        </p>
        <RelativeTime iso={report.created_at} />
      </header>
      <p className="report-card__reason">
        <span className="badge">{category ? t(category) : report.category}</span>{' '}
        {report.comment ? (
          <q className="report-card__comment">{report.comment}</q>
        ) : (
          <span className="report-card__no-comment">
            <Msg id="moderation.no_comment" />
          </span>
        )}
      </p>
      {report.rules.length > 0 && (
        <section className="report-card__section" aria-label={t('moderation.rules')}>
          <h3>
            <Msg id="moderation.rules" />
          </h3>
          <ul className="report-card__rules">
            {report.rules.map((rule) => (
              <li key={rule.id}>{rule.text}</li>
            ))}
          </ul>
        </section>
      )}
      {report.statuses.length > 0 && (
        <section className="report-card__section" aria-label={t('moderation.statuses')}>
          <h3>
            <Msg id="moderation.statuses" />
          </h3>
          <div className="report-card__statuses">
            {report.statuses.map((status) => (
              <LazyStatusCard key={status.id} status={status} />
            ))}
          </div>
        </section>
      )}
      {report.chat && <ReportedMessages chat={report.chat} />}
      <footer className="report-card__footer">
        {report.action_taken && report.action_taken_by_account && (
          <span className="report-card__resolved-by">
            <Msg
              id="moderation.resolved_by"
              values={{ name: <AccountLink account={report.action_taken_by_account} /> }}
            />{' '}
            {report.action_taken_at && <RelativeTime iso={report.action_taken_at} />}
          </span>
        )}
        <ResolveButton report={report} />
      </footer>
    </article>
  );
}
