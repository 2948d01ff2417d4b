import {
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  type LimitNode,
  type QueryCompiler,
} from 'kysely';

/**
 * A whole-number LIMIT written into the statement's text instead of bound; null for any other limit (bound as
 * before). A limit in the text costs one statement text per limit used (the query templates name the limit in their
 * shape already).
 * - SQLite: with its limit bound, the home page's feed statement cost 5× as much per run (~210 against ~43 µs) for
 *   the same plan and program. SQLite lets a bound LIMIT's value inform the plan, and so prepares the statement
 *   again whenever that parameter is bound, which node:sqlite does on every run.
 * - PostgreSQL: a named statement's generic plan does not know a bound limit's value, so it is costed as a read of
 *   a large part of the table, and PostgreSQL kept planning the public timelines' statement anew for every run
 *   (6 ms of planning for 0.7 ms of execution); with the limit in the text it keeps the generic plan after five runs.
 */
function literalLimit(node: LimitNode): string | null {
  return ValueNode.is(node.limit) && Number.isSafeInteger(node.limit.value)
    ? `limit ${node.limit.value as number}`
    : null;
}

class LiteralLimitSqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const literal = literalLimit(node);
    if (literal) this.append(literal);
    else super.visitLimit(node);
  }
}

class LiteralLimitPostgresCompiler extends PostgresQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const literal = literalLimit(node);
    if (literal) this.append(literal);
    else super.visitLimit(node);
  }
}

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
