import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the statements the app runs (every query Kysely compiles goes through a plugin once): pass it to
 * createTestServer's `dbPlugins`, then `reset()` before the request under test and read `count` after.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  readonly kinds: string[] = [];

  reset(): void {
    this.count = 0;
    this.kinds.length = 0;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    this.kinds.push(args.node.kind);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
