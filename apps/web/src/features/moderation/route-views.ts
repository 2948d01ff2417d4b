// The route views of moderation, one chunk (app/routes.tsx loads a feature's views together).
export { DashboardView } from './DashboardView';
export { ReportsView } from './ReportsView';
