// The route views of collections, one chunk (app/routes.tsx loads a feature's views together).
export { CollectionNewView } from './CollectionNewView';
export { CollectionView } from './CollectionView';
