// How the language server's process is started, whoever starts it (the extension, a benchmark): one
// place, so what is measured is what users run.

/**
 * Environment added to the server's. glibc gives each thread that allocates its own malloc arena;
 * V8's background threads (garbage collection, compilation) then leave freed memory spread over
 * several arenas, which the process keeps resident. Two arenas hold the server's memory ~20 MB lower
 * after a large load; other C libraries ignore the variable.
 */
export const SERVER_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The environment for the server's process: `base` (the starting process's own) with SERVER_PROCESS_ENV. */
export function serverProcessEnv(
  base: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return { ...base, ...SERVER_PROCESS_ENV };
}
