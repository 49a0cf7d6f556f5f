/** Runs a step with the terminal's stdio; past `limitMs` it is sent SIGTERM. */
export function runTimedStep(o: { cmd: string; argv: string[]; cwd: string; limitMs: number }): {
  status: number;
  timedOut: boolean;
};
/** "12 min" or "45 s". */
export function describeLimit(ms: number): string;
