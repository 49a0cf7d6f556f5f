// A streamed answer (streamedResponse.ts) read by a client that cuts members before parsing
// (dropMembers.ts, `lineage-lens impact`): the cut needs the whole text, so the bytes are gathered
// first, then cut, and what is left goes to the streamed reader piece by piece — each path parsed on
// its own, as the language server parses a large answer. Parsing a component's text whole made a
// string of hundreds of KB per answer, and making each of those cost more than parsing it: on a VM,
// fresh memory is dear, and V8 gives every string that large memory of its own. For the same reason
// the bytes are gathered in a buffer the client keeps for the next answer (bodyBuffers.ts), not in
// a new one each time. Everything happens in `end`, in one turn: the buffer is free again once it returns.
import type { BodyBuffers } from './bodyBuffers';
import type { MemberDropper } from './dropMembers';
import { tooDeep } from './responses';
import type { StreamedJsonReader } from './streamedResponse';
import type { BodyReader, Context } from './transport';

export class DroppingReader implements BodyReader {
  private buffer: Buffer | undefined;
  private length = 0;

  constructor(
    private readonly dropper: MemberDropper,
    private readonly buffers: BodyBuffers,
    /** Reads the text left; made not to name byte offsets (they are no longer the answer's). */
    private readonly inner: StreamedJsonReader,
    private readonly ctx: Context,
  ) {}

  write(chunk: Uint8Array): Promise<void> {
    const need = this.length + chunk.length;
    if (!this.buffer || this.buffer.length < need) {
      // The outgrown buffer is let go: the pool keeps the larger one for the answers after this.
      const bigger = this.buffers.take(need);
      if (this.buffer) this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    this.buffer.set(chunk, this.length);
    this.length = need;
    return Promise.resolve();
  }

  end(): unknown {
    const buffer = this.buffer;
    this.buffer = undefined;
    try {
      const body = buffer ? buffer.subarray(0, this.length) : Buffer.alloc(0);
      const { pieces, nesting } = this.dropper.dropToPieces(body);
      if (nesting === 'tooDeep') throw tooDeep(this.ctx);
      // The pieces are views into the buffer: read to the end before it is given back.
      for (const piece of pieces) this.inner.writeNow(piece);
      return this.inner.end();
    } finally {
      if (buffer) this.buffers.give(buffer);
    }
  }
}
