import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { LiveFeedTimeline } from './LiveFeedTimeline';

export const CommunityView = () => <LiveFeedTimeline feed="community" tabs />;

export const CommunityColumn = (_: PinnedColumnProps) => <LiveFeedTimeline feed="community" tabs={false} />;
