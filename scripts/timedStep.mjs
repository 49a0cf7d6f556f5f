// One step of `npm test` (a build, a mocha area, a VS Code suite) run to its end or to its time limit.
// A suite that never exits — mocha kept alive by a timer a test left behind, a VS Code that hangs —
// would otherwise hold CI until the machine's own limit, with nothing in the log to say which one.
import { spawnSync } from 'node:child_process';

/**
 * Runs `cmd argv` with the terminal's stdio; past `limitMs` the process is sent SIGTERM. Returns its
 * exit status (1 when it had none) and whether it was stopped for its time.
 * @param {{ cmd: string, argv: string[], cwd: string, limitMs: number }} o
 * @returns {{ status: number, timedOut: boolean }}
 */
export function runTimedStep({ cmd, argv, cwd, limitMs }) {
  const r = spawnSync(cmd, argv, { cwd, stdio: 'inherit', timeout: limitMs, killSignal: 'SIGTERM' });
  const timedOut = /** @type {NodeJS.ErrnoException | undefined} */ (r.error)?.code === 'ETIMEDOUT';
  return { status: r.status ?? 1, timedOut };
}

/** "12 min" or "45 s": how a limit is named in the failure line. */
export function describeLimit(ms) {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}
