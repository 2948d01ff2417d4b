import type { Quote, QuoteState, ShallowQuote, Status } from '@palchat/api';
import { Link, useNavigate } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { Avatar } from '../../components/Avatar';
import { DisplayName } from '../../components/DisplayName';
import { RelativeTime } from '../../components/RelativeTime';
import { StatusContent } from './StatusContent';

const STATE_TEXT: Record<Exclude<QuoteState, 'accepted'>, MessageId> = {
  pending: 'status.quote_error.pending',
  rejected: 'status.quote_error.rejected',
  revoked: 'status.quote_error.revoked',
  deleted: 'status.quote_error.deleted',
  unauthorized: 'status.quote_error.unauthorized',
  blocked_account: 'status.quote_error.blocked_account',
  blocked_domain: 'status.quote_error.blocked_domain',
  muted_account: 'status.quote_error.muted_account',
};

export function isFullQuote(quote: Quote | ShallowQuote | null | undefined): quote is Quote {
  return typeof quote === 'object' && quote !== null && 'quoted_status' in quote;
}

/** The quoted post, compact: author, time and text (its warning instead, when it has one), linking to it. */
export function QuotedPost({ status }: { status: Status }) {
  const t = useT();
  const navigate = useNavigate();
  const permalink = `/@${status.account.acct}/${status.id}`;
  return (
    // a click anywhere but on a link opens the quoted post's thread (the time is its keyboard path)
    <blockquote
      className="quoted-status"
      aria-label={t('status.quoted_post', { name: status.account.acct })}
      data-quoted-status-id={status.id}
      onClick={(event) => {
        if (!(event.target as Element).closest('a, button')) navigate(permalink);
      }}
    >
      <div className="quoted-status__header">
        <Link to={`/@${status.account.acct}`} className="quoted-status__author">
          <Avatar src={status.account.avatar} size={20} />
          <DisplayName account={status.account} />
        </Link>
        <Link to={permalink} className="quoted-status__time">
          <RelativeTime iso={status.created_at} />
        </Link>
      </div>
      <div className="quoted-status__body">
        {status.spoiler_text ? <p dir="auto">{status.spoiler_text}</p> : <StatusContent status={status} />}
      </div>
    </blockquote>
  );
}

/**
 * What a status quotes, as Mastodon's web client shows it: the quoted post when the quote is accepted and the
 * viewer may see it; otherwise a line saying why it is not shown (pending, revoked, deleted …).
 */
export function QuotedStatus({ quote }: { quote: Quote | ShallowQuote | null | undefined }) {
  if (!isFullQuote(quote)) return null;
  if (quote.state === 'accepted' && quote.quoted_status) return <QuotedPost status={quote.quoted_status} />;
  const state = quote.state === 'accepted' ? 'unauthorized' : quote.state;
  return (
    <div className="quoted-status quoted-status--unavailable" data-quote-state={state}>
      <Msg id={STATE_TEXT[state]} />
    </div>
  );
}
