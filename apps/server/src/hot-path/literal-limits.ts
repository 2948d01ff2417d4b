import {
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  type DefaultQueryCompiler,
  type LimitNode,
  type QueryCompiler,
} from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes any constructor arguments
type CompilerClass = new (...args: any[]) => DefaultQueryCompiler;

/**
 * Query compilers that write a whole-number LIMIT into the statement's text instead of binding it (any other
 * limit is bound as before). A limit in the text costs one statement text per limit used (the query templates
 * name the limit in their shape already).
 * - SQLite: with its limit bound, the home page's feed statement cost 5× as much per run (~210 against ~43 µs) for
 *   the same plan and program. SQLite lets a bound LIMIT's value inform the plan, and so prepares the statement
 *   again whenever that parameter is bound, which node:sqlite does on every run.
 * - PostgreSQL: a named statement's generic plan does not know a bound limit's value, so it is costed as a read of
 *   a large part of the table, and PostgreSQL kept planning the public timelines' statement anew for every run
 *   (6 ms of planning for 0.7 ms of execution); with the limit in the text it keeps the generic plan after five runs.
 */
function withLiteralLimits<Base extends CompilerClass>(base: Base) {
  return class extends base {
    protected override visitLimit(node: LimitNode): void {
      if (ValueNode.is(node.limit) && Number.isSafeInteger(node.limit.value))
        this.append(`limit ${node.limit.value as number}`);
      else super.visitLimit(node);
    }
  };
}

const LiteralLimitSqliteCompiler = withLiteralLimits(SqliteQueryCompiler);
const LiteralLimitPostgresCompiler = withLiteralLimits(PostgresQueryCompiler);

/** Kysely's SQLite dialect with literal limits. */
export class LiteralLimitSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitSqliteCompiler();
  }
}

/** Kysely's PostgreSQL dialect with literal limits. */
export class LiteralLimitPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitPostgresCompiler();
  }
}
