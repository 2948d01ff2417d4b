// What other features may use of the profiles: the typed calls of the accounts resource.
export { accounts } from './api';
