// What other features may use of the status views' data: their query keys (a reply changes its thread).
export { statusKeys } from './query-keys';
