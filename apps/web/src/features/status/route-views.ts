// The route views of status, one chunk (app/routes.tsx loads a feature's views together).
export { FavouritedByView } from './FavouritedByView';
export { QuotesView } from './QuotesView';
export { RebloggedByView } from './RebloggedByView';
export { StatusView } from './StatusView';
