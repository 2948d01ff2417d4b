import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/**
 * Writes a whole-number LIMIT into the statement's text instead of binding it. SQLite's planner (3.4x and later)
 * reads a bound LIMIT's value, and marks the prepared statement to be prepared again whenever that parameter is
 * bound once more, which node:sqlite does on every run: the home page's feed statement was parsed and planned
 * again on every read, ~170 µs of its ~210 µs. A limit in the text costs one statement text per limit used.
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    if (ValueNode.is(node.limit) && Number.isSafeInteger(node.limit.value)) {
      this.append(`limit ${node.limit.value as number}`);
      return;
    }
    super.visitLimit(node);
  }
}

/** Kysely's SQLite dialect with literal limits (see LiteralLimitCompiler). */
export class LiteralLimitSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
