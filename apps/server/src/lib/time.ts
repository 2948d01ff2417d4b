/** Set only while a query template is built (hot-path/query-templates.ts): "now" becomes a parameter bound per run. */
let nowDuringBuild: string | null = null;

export const nowIso = (): string => nowDuringBuild ?? new Date().toISOString();

/** Runs the synchronous `build` with nowIso() answering `now`. */
export function withNowAs<T>(now: string, build: () => T): T {
  nowDuringBuild = now;
  try {
    return build();
  } finally {
    nowDuringBuild = null;
  }
}

export const isoDaysAgo = (days: number, from: number = Date.now()): string =>
  new Date(from - days * 24 * 60 * 60 * 1000).toISOString();
