// What other features may use of collections: import it from here, never from the files inside.
export { CollectionList } from './CollectionList';
