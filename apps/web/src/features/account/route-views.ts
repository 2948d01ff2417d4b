// The route views of account, one chunk (app/routes.tsx loads a feature's views together).
export { AccountFeaturedView } from './AccountFeaturedView';
export { AccountFollowersView } from './AccountFollowersView';
export { AccountFollowingView } from './AccountFollowingView';
export { AccountMediaView } from './AccountMediaView';
export { AccountPostsView } from './AccountPostsView';
export { AccountTaggedView } from './AccountTaggedView';
export { AccountWithRepliesView } from './AccountWithRepliesView';
