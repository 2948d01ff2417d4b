import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/**
 * Writes a whole-number LIMIT into the statement's text instead of binding it. With its limit bound, the home
 * page's feed statement cost 5× as much per run (~210 against ~43 µs) for the same plan and program: SQLite lets a
 * bound LIMIT's value inform the plan, and so prepares the statement again whenever that parameter is bound, which
 * node:sqlite does on every run. A limit in the text costs one statement text per limit used.
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
