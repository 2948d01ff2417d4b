// The route views of lists, one chunk (app/routes.tsx loads a feature's views together).
export { ListEditView } from './ListEditView';
export { ListMembersView } from './ListMembersView';
export { ListColumn, ListTimelineView } from './ListTimelineView';
export { ListsView } from './ListsView';
