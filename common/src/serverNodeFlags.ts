// Node options the language server is started with: by the extension (client/src/languageClient.ts),
// by the benchmarks and tests that start it as the extension does, and by other editors (README). V8
// fixes both when the process starts (the young generation's size) or when a function first runs (its
// tier-up budget), so the server cannot set them itself. Measurements: docs/performance.md.
interface NodeFlag {
  flag: string;
  /** What a server started without it gets instead, for its log. */
  without: string;
}

const FLAGS: readonly NodeFlag[] = [
  // Semi-spaces of at most 4 MB (V8 lets them grow to 16 MB): a load keeps most of what it parses and
  // each scavenge copies what survives, so a smaller young generation makes shorter pauses while a large
  // component loads, and holds ~40 MB less resident memory.
  {
    flag: '--max-semi-space-size=4',
    without: "V8's default young generation: longer pauses while a large component loads, more memory",
  },
  // Four times V8's budget before a function is optimized. The server's work is many short requests:
  // each runs a few hundred functions once, which reach TurboFan one by one over thousands of requests,
  // and every such compile job, started while requests keep coming, can hold the core one needs. Later,
  // fewer of them; what runs hot (a load, an index build, a model) still gets there within milliseconds.
  {
    flag: '--interrupt-budget=270336',
    without: "V8's default tier-up: more optimizing-compiler jobs beside requests",
  },
];

export const SERVER_NODE_FLAGS: readonly string[] = FLAGS.map((f) => f.flag);

/** The log line saying which of them the running server was started with (`execArgv`: its own). */
export function describeNodeFlags(execArgv: readonly string[]): string {
  const missing = FLAGS.filter((f) => !execArgv.includes(f.flag));
  if (missing.length === 0) return `Node options: ${SERVER_NODE_FLAGS.join(' ')}`;
  return `Node options: started without ${missing.map((f) => f.flag).join(' ')} (${missing.map((f) => f.without).join('; ')})`;
}
