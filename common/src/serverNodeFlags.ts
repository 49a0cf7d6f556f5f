// Node options the language server is started with: by the extension (client/src/languageClient.ts),
// by the benchmarks and tests that start it as the extension does, and by other editors (README). V8
// sizes the heap's young generation when the process starts, so the server cannot set this itself.
// Semi-spaces of at most 4 MB (V8 lets them grow to 16 MB): a load keeps most of what it parses and
// each scavenge copies what survives, so a smaller young generation makes shorter pauses while a large
// component loads, and holds ~40 MB less resident memory (docs/performance.md).
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** The log line saying which of them the running server was started with (`execArgv`: its own). */
export function describeNodeFlags(execArgv: readonly string[]): string {
  const missing = SERVER_NODE_FLAGS.filter((f) => !execArgv.includes(f));
  if (missing.length === 0) return `Node options: ${SERVER_NODE_FLAGS.join(' ')}`;
  return `Node options: started without ${missing.join(' ')} (V8's default young generation: longer pauses while a large component loads, more memory)`;
}
