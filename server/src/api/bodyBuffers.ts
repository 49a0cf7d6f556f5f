// Buffers an API client gathers answers' bytes in, reused from one answer to the next. On a VM,
// touching fresh memory costs more than copying into memory already touched (each fresh page is a
// fault), and an answer's bytes are only read while it is parsed: the buffer then goes back here.
// Whoever takes a buffer gives it back only once nothing reads its bytes any more.

export interface BodyBufferLimits {
  /** Buffers larger than this are not kept (a rare huge answer's memory goes back). */
  keepUpToBytes: number;
  /** How many free buffers are kept (one per answer read at the same time is enough). */
  keepCount: number;
}

const FIRST_BYTES = 256 * 1024;

export class BodyBuffers {
  private readonly free: Buffer[] = [];

  constructor(private readonly limits: BodyBufferLimits) {}

  /** A buffer of at least `atLeast` bytes, its contents undefined. */
  take(atLeast: number): Buffer {
    const b = this.free.pop();
    if (b && b.length >= atLeast) return b;
    return Buffer.allocUnsafeSlow(Math.max(atLeast, FIRST_BYTES, b ? 2 * b.length : 0));
  }

  give(b: Buffer): void {
    if (b.length <= this.limits.keepUpToBytes && this.free.length < this.limits.keepCount) this.free.push(b);
  }

  /** Buffers kept now (for tests). */
  get size(): number {
    return this.free.length;
  }
}
