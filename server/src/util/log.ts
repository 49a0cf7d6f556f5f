// Logging through the LSP connection's console, with each distinct problem logged once so a broken
// component or a failing handler cannot flood the output on every keystroke.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const MAX_KEYS = 1000;

export class OnceLogger {
  private readonly seen = new Set<string>();
  constructor(private readonly out: Logger) {}

  info(message: string): void {
    this.out.info(message);
  }

  /** Logs `message` unless the same `key` (default: the message) was logged before. */
  warnOnce(message: string, key = message): void {
    if (this.mark(key)) this.out.warn(message);
  }

  errorOnce(message: string, key = message): void {
    if (this.mark(key)) this.out.error(message);
  }

  private mark(key: string): boolean {
    if (this.seen.has(key)) return false;
    // Bounded: forgetting old keys only means a problem may be logged a second time.
    if (this.seen.size >= MAX_KEYS) this.seen.clear();
    this.seen.add(key);
    return true;
  }
}
