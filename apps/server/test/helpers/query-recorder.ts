import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from '../../src/db/index.js';

/** Keeps the statements the app runs (pass it to createTestServer's `dbPlugins`) so that a test can explain them. */
export class QueryRecorder implements KyselyPlugin {
  readonly recorded: Array<{ node: RootOperationNode; queryId: QueryId }> = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.recorded.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** SQLite's EXPLAIN QUERY PLAN of every recorded select, with its SQL. */
  async sqlitePlans(db: Db): Promise<Array<{ sql: string; plan: string[] }>> {
    const plans: Array<{ sql: string; plan: string[] }> = [];
    for (const { node, queryId } of this.recorded) {
      if (node.kind !== 'SelectQueryNode') continue;
      const compiled = db.getExecutor().compileQuery(node, queryId);
      const result = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      plans.push({ sql: compiled.sql, plan: result.rows.map((row) => row.detail) });
    }
    return plans;
  }
}
