// The route views of relationships, one chunk (app/routes.tsx loads a feature's views together).
export { BlocksView } from './BlocksView';
export { DomainBlocksView } from './DomainBlocksView';
export { FollowRequestsView } from './FollowRequestsView';
export { FollowedTagsView } from './FollowedTagsView';
export { MutesView } from './MutesView';
