const CHUNK_FAILURE_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

/** A lazily loaded route chunk that could not be fetched: show the network error view, not a crash. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_FAILURE_PATTERNS.some((pattern) => pattern.test(error.message));
}

/** The crash screen blames browser add-ons for DOM `NotFoundError`s (SPEC §2). */
export function isBrowserAddonError(error: unknown): boolean {
  if (error instanceof Error) return error.name === 'NotFoundError' || /NotFoundError/.test(error.message);
  return false;
}

export function stackTraceOf(error: unknown): string {
  if (error instanceof Error)
    return error.stack
      ? `${error.name}: ${error.message}\n${stripFirstLine(error)}`
      : `${error.name}: ${error.message}`;
  return String(error);
}

function stripFirstLine(error: Error): string {
  const stack = error.stack ?? '';
  return stack.startsWith(`${error.name}: ${error.message}`) ? stack.split('\n').slice(1).join('\n') : stack;
}
