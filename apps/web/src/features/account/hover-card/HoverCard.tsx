import './hover-card.css';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryKeys } from '../../../api/queries';
import { Msg } from '../../../platform/i18n/Msg';
import { Avatar } from '../../../components/Avatar';
import { DisplayName } from '../../../components/DisplayName';
import { Html } from '../../../components/Html';
import { accounts } from '../api';
import { FollowButton } from '../FollowButton';
import type { HoverCardTiming } from './hover-timing';

/** The card itself: loaded with the first card shown. */
export default function HoverCard({
  accountId,
  anchor,
  timing,
}: {
  accountId: string;
  anchor: Element;
  timing: HoverCardTiming<Element>;
}) {
  const account = useQuery({
    queryKey: queryKeys.account(accountId),
    queryFn: ({ signal }) => accounts.get(accountId, signal),
    staleTime: 60_000,
  });
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
    elements: { reference: anchor },
  });
  if (!account.data) return null;
  const data = account.data;
  return (
    <div
      ref={refs.setFloating}
      style={floatingStyles}
      className="hover-card"
      role="tooltip"
      data-testid="hover-card"
      onMouseEnter={() => timing.enterCard()}
      onMouseLeave={() => timing.leaveCard()}
    >
      <div className="hover-card__header">
        <Link to={`/@${data.acct}`} className="hover-card__author">
          <Avatar src={data.avatar} size={46} />
          <DisplayName account={data} />
        </Link>
        <FollowButton accountId={data.id} locked={data.locked} />
      </div>
      {data.note && <Html className="hover-card__note" html={data.note} />}
      <div className="hover-card__counts">
        <Link to={`/@${data.acct}/followers`}>
          <Msg
            id="hover_card.followers"
            values={{ count: data.followers_count, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </Link>
        <Link to={`/@${data.acct}/following`}>
          <Msg
            id="hover_card.following"
            values={{ count: data.following_count, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </Link>
      </div>
    </div>
  );
}
