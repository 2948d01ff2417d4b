// What other features may use of the timelines: the typed calls of their resources and their query keys.
export { tags } from './api';
export { timelineKeys } from './query-keys';
export { Timeline } from './Timeline';
export { historyUsage } from './history-usage';
