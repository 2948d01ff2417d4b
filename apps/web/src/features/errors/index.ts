// What other features may use of errors: import it from here, never from the files inside.
export { NotFoundView } from './ErrorViews';
