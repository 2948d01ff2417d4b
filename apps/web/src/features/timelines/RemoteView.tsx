import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { LiveFeedTimeline } from './LiveFeedTimeline';

export const RemoteView = () => <LiveFeedTimeline feed="remote" tabs />;

export const RemoteColumn = (_: PinnedColumnProps) => <LiveFeedTimeline feed="remote" tabs={false} />;
