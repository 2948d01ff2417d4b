import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { LiveFeedTimeline } from './LiveFeedTimeline';

export const FederatedView = () => <LiveFeedTimeline feed="public" tabs />;

export const FederatedColumn = (_: PinnedColumnProps) => <LiveFeedTimeline feed="public" tabs={false} />;
