import {
  createQueryId,
  type Compilable,
  type Kysely,
  type OperationNodeSource,
  type RootOperationNode,
} from 'kysely';
import { nowIso, withNowAs } from '../lib/time.js';

/**
 * A value a template is built with: a marker in the compiled parameters, replaced by the real value per run (a
 * list only where the builder bound it as one value, see bound-lists.ts).
 */
export type TemplateValues = Record<string, string | number | readonly string[]>;

interface Template {
  sql: string;
  query: RootOperationNode;
  /** per compiled parameter: the name of the value to bind, or a constant the builder put there */
  slots: ({ name: string } | { constant: unknown })[];
}

const NOW = 'now';
const marker = (name: string) => `@@query-template:${name}@@`;
const MARKER = /^@@query-template:(.+)@@$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- templates work on any schema
type AnyDb = Kysely<any>;

const templatesOf = new WeakMap<AnyDb, Map<string, Template>>();

function compileTemplate(
  db: AnyDb,
  build: (values: Record<string, string>) => OperationNodeSource,
): Template {
  const markers = new Proxy({}, { get: (_, name) => marker(String(name)) });
  const node = withNowAs(marker(NOW), () => build(markers).toOperationNode()) as RootOperationNode;
  // the builder's toOperationNode() ran the plugins (tests record statements): this run is the first
  const compiled = db.getExecutor().compileQuery(node, createQueryId());
  return {
    sql: compiled.sql,
    query: compiled.query,
    slots: compiled.parameters.map((parameter) => {
      const name = typeof parameter === 'string' ? MARKER.exec(parameter)?.[1] : undefined;
      return name ? { name } : { constant: parameter };
    }),
  };
}

/**
 * Runs a hot query that Kysely would otherwise build and compile on every request (for the home timeline's
 * statement, a tree of a few hundred nodes: a fifth of the request's CPU). `build` receives markers instead of
 * values and is compiled once per database and `shape`; each run binds `values` (and the current time for every
 * nowIso() the builder called) in their place. `shape` must name everything that changes the SQL text itself:
 * which optional conditions are present, a policy that picks other conditions, the length of a list of values.
 * Values go only where Kysely makes parameters (comparisons, limits, the items of an `in` list whose length the
 * shape names), never into identifiers.
 */
export async function runTemplate<Row>(
  db: AnyDb,
  shape: string,
  values: TemplateValues,
  build: (values: Record<string, string>) => OperationNodeSource & Compilable<Row>,
): Promise<Row[]> {
  let templates = templatesOf.get(db);
  if (!templates) {
    templates = new Map();
    templatesOf.set(db, templates);
  }
  let template = templates.get(shape);
  const firstRun = !template;
  if (!template) {
    template = compileTemplate(db, build);
    templates.set(shape, template);
  }
  // the time is asked for only by templates that compare with it
  let now: string | undefined;
  const parameters = template.slots.map((slot) => {
    if ('constant' in slot) return slot.constant;
    if (slot.name === NOW) return (now ??= nowIso());
    const value = values[slot.name];
    if (value === undefined) throw new Error(`query template "${shape}": no value for ${slot.name}`);
    return value;
  });
  // plugins see the statement once per run, as if Kysely had built it (tests record and explain what runs)
  const executor = db.getExecutor();
  const queryId = createQueryId();
  const query = firstRun ? template.query : executor.transformQuery(template.query, queryId);
  const result = await executor.executeQuery<Row>({ query, queryId, sql: template.sql, parameters });
  return result.rows;
}
