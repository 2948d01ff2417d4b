// What other features may use of the directory: its query keys (onboarding lists the same accounts).
export { directoryKeys } from './query-keys';
