// V8 flags the server sets for itself at start, whatever launched it (the editor over IPC, another
// editor over stdio, a benchmark). The server's work is many short requests; TurboFan, compiling the
// functions of the request path as they become hot, spends most of a job on inlining into them, and
// on a machine with few cores such a job holds a core while a hover waits for it. Without inlining the
// tail of hover latency is shorter and the index build, impact walks and parsing are no slower
// (measurements: docs/performance.md).
import { setFlagsFromString } from 'node:v8';

export const COMPILER_FLAGS: readonly string[] = ['--no-turbo-inlining'];

/** Sets COMPILER_FLAGS; read by the compiler per job, so they hold for everything compiled after. */
export function tuneCompiler(): readonly string[] {
  for (const flag of COMPILER_FLAGS) setFlagsFromString(flag);
  return COMPILER_FLAGS;
}
