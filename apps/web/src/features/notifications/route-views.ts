// The route views of notifications, one chunk (app/routes.tsx loads a feature's views together).
export { NotificationsColumn, NotificationsView } from './NotificationsView';
export { NotificationRequestsView } from './NotificationRequestsView';
export { NotificationRequestView } from './NotificationRequestView';
