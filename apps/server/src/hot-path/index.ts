/**
 * The server's hot-path machinery, behind one boundary: what a page read or a message send uses to spend less
 * CPU per request than Kysely, the drivers and JSON.stringify would on their own. The design note (README.md in
 * this folder) says why each piece exists and which invariants keep it correct; docs/PERFORMANCE.md holds the
 * measurements. Modules outside this folder import it through this file only.
 */
export { boundList, boundListTable, inBoundList } from './bound-lists.js';
export { keptRowsAt, ROWS_KEPT, type RowVersion } from './kept-rows.js';
export { LiteralLimitPostgresDialect, LiteralLimitSqliteDialect } from './literal-limits.js';
export { NAMED_STATEMENT_LIMIT, withNamedStatements } from './named-statements.js';
export { runTemplate, type TemplateValues } from './query-templates.js';
export {
  authorVersion,
  RENDERED_STATUSES_KEPT,
  statusSkeleton,
  type AuthorVersion,
  type StatusHead,
  type StatusSkeleton,
  type StatusTail,
} from './rendered-statuses.js';
export { statusEntity, statusesJson, type PageFields, type StatusRendering } from './status-renderings.js';
export { registerTurnScheduling, TurnScheduler } from './turn-scheduler.js';
