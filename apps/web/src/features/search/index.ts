// What other features may use of search: import it from here, never from the files inside.
export { SearchBox } from './SearchBox';
export { SearchResults } from './SearchResults';
