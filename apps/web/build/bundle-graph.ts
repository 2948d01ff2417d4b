import path from 'node:path';

/** The parts of an output chunk the build plugins read. */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

export function builtChunks(bundle: Record<string, { type: string }>): BuiltChunk[] {
  return Object.values(bundle).filter((item): item is BuiltChunk => item.type === 'chunk');
}

/** Adds a chunk and every chunk it imports statically (what the browser loads with it) to `into`. */
export function addWithImports(chunks: BuiltChunk[], fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = chunks.find((item) => item.fileName === fileName);
  for (const imported of chunk?.imports ?? []) addWithImports(chunks, imported, into);
  return into;
}

/**
 * The chunks that hold a source module (a path from the app's root; a compiled catalogue counts as its JSON
 * file), with the chunk its dynamic import names when that is another (a facade that only re-exports a chunk
 * group's module). A module the build no longer has is an error.
 */
export function chunksHolding(chunks: BuiltChunk[], root: string, module: string): string[] {
  const absolute = path.resolve(root, module);
  const holds = (id: string | null) => !!id && (id.endsWith(absolute) || id.endsWith(`${absolute}.js`));
  const found = chunks.filter((chunk) => holds(chunk.facadeModuleId) || chunk.moduleIds.some(holds));
  if (found.length === 0) throw new Error(`no chunk of the build holds ${module}`);
  return found.map((chunk) => chunk.fileName);
}
