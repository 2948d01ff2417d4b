import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the statements the app runs: pass it to createTestServer's `dbPlugins`, then `reset()` before the
 * request under test and read `count` after. Every query Kysely compiles goes through `transformQuery`, the
 * queries embedded in a larger statement (a CTE's insert) too; only the ones executed reach `transformResult`.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  readonly kinds: string[] = [];
  private readonly compiled = new WeakMap<QueryId, string>();

  reset(): void {
    this.count = 0;
    this.kinds.length = 0;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.compiled.set(args.queryId, args.node.kind);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    this.kinds.push(this.compiled.get(args.queryId) ?? 'unknown');
    return args.result;
  }
}
