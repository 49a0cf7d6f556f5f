// Time slices: loops that yield side by side resume in turns of their own, so their slices never add up
// into one long block of the event loop; a request read during a slice is handled before the next one;
// while the editor asks things, slices are short.
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { asksSomething, watchAsked } from '../../server/src/util/serverConnection';
import {
  INTERACTIVE_MS,
  INTERACTIVE_SLICE_MS,
  TimeSlicer,
  noteAsked,
  yieldToEventLoop,
} from '../../server/src/util/timeSlices';
import { turnCounter } from '../helpers/turnCounter';

describe('time slices', () => {
  it('callers that yield together resume in turns of their own, in the order they yielded', async () => {
    const turns = turnCounter();
    try {
      const resumed: Array<[string, number]> = [];
      await Promise.all(
        ['a', 'b', 'c'].map(async (name) => {
          await yieldToEventLoop();
          resumed.push([name, turns.now()]);
        }),
      );
      assert.deepEqual(
        resumed.map(([name]) => name),
        ['a', 'b', 'c'],
      );
      const at = resumed.map(([, turn]) => turn);
      assert.equal(new Set(at).size, 3, `resumed in turns ${at.join(', ')}`);
    } finally {
      turns.stop();
    }
  });

  it('two sliced loops side by side alternate, one slice per turn', async () => {
    const turns = turnCounter();
    try {
      const slices: Array<[string, number]> = [];
      const loop = async (name: string) => {
        // A budget of 0 ms: every look at the clock ends the slice.
        const slicer = new TimeSlicer(0);
        for (let i = 1; i <= 32 * 3; i++) {
          if (slicer.tick()) {
            slices.push([name, turns.now()]);
            await slicer.pause();
          }
        }
      };
      await Promise.all([loop('x'), loop('y')]);
      assert.equal(slices.length, 6);
      const perTurn = new Map<number, string[]>();
      for (const [name, turn] of slices) perTurn.set(turn, [...(perTurn.get(turn) ?? []), name]);
      // The first slices start in the same synchronous run; every later turn runs one slice.
      for (const [turn, names] of [...perTurn].slice(1))
        assert.equal(names.length, 1, `turn ${turn} ran ${names.join(' and ')}`);
    } finally {
      turns.stop();
    }
  });

  for (const phase of ['poll', 'check'] as const)
    it(`a request read while a slice ran is handled before the next slice (the slice run in the ${phase} phase)`, async () => {
      // A real socket on 127.0.0.1, read as vscode-jsonrpc reads the editor's pipe: each message is
      // handled in an immediate queued as it is read.
      const server = createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const accepted = once(server, 'connection') as Promise<[Socket]>;
      const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await once(client, 'connect');
      // Resumed by the socket's event: in the poll phase.
      const [socket] = await accepted;
      if (phase === 'check') await new Promise((r) => setImmediate(r));
      try {
        const order: string[] = [];
        socket.on('data', () => setImmediate(() => order.push('request handled')));
        const slicer = new TimeSlicer(0);
        let slice = 1;
        for (let i = 1; i <= 32 * 3; i++) {
          if (!slicer.tick()) continue;
          order.push(`slice ${slice}`);
          // The request arrives while the first slice runs (a write on loopback is in the reader's
          // socket when it returns): it is read once the slice yields.
          if (slice === 1) client.write('request');
          slice++;
          await slicer.pause();
        }
        assert.deepEqual(order, ['slice 1', 'request handled', 'slice 2', 'slice 3']);
      } finally {
        client.destroy();
        socket.destroy();
        server.close();
      }
    });

  describe('while the editor asks things', () => {
    // Each test starts, and leaves the process, with the editor silent.
    const silent = () => noteAsked(performance.now() - INTERACTIVE_MS - 1);
    beforeEach(silent);
    afterEach(silent);

    /** Holds the thread for `ms`, as a loop's work between two looks at the clock would. */
    const workFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };

    it('a slice ends after INTERACTIVE_SLICE_MS, whatever its own budget', () => {
      noteAsked();
      const slicer = new TimeSlicer(10_000);
      workFor(INTERACTIVE_SLICE_MS * 1.5);
      assert.equal(slicer.due(), true);
    });

    it('once the editor has been silent for INTERACTIVE_MS, the slice keeps its own budget', () => {
      const slicer = new TimeSlicer(10_000);
      workFor(INTERACTIVE_SLICE_MS * 1.5);
      assert.equal(slicer.due(), false);
    });

    it("a shorter budget of the slicer's own still holds", () => {
      noteAsked();
      const slicer = new TimeSlicer(0);
      assert.equal(slicer.due(), true);
    });

    it('requests and notifications count as asking, answers to the server do not', () => {
      const frame = (m: object) => {
        const body = JSON.stringify(m);
        return Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      };
      assert.equal(
        asksSomething(frame({ jsonrpc: '2.0', id: 3, method: 'textDocument/hover', params: {} })),
        true,
      );
      assert.equal(
        asksSomething(frame({ jsonrpc: '2.0', method: 'textDocument/didChange', params: {} })),
        true,
      );
      assert.equal(asksSomething(frame({ jsonrpc: '2.0', id: 7, result: [{ settings: {} }] })), false);
      assert.equal(asksSomething(frame({ jsonrpc: '2.0', id: 8, error: { code: 1, message: 'no' } })), false);
      assert.equal(asksSomething('{"jsonrpc":"2.0","method":"exit"}'), true);
    });

    for (const transport of ['--stdio', '--node-ipc'] as const)
      it(`the server's transport (${transport}) tells of requests as they are read, not of answers`, () => {
        const input = new PassThrough();
        const proc = new EventEmitter();
        watchAsked(['node', 'server.js', transport], input, proc);
        const arrive = (m: object) =>
          transport === '--stdio' ? input.write(JSON.stringify(m)) : proc.emit('message', m);
        const interactive = () => {
          const slicer = new TimeSlicer(10_000);
          workFor(INTERACTIVE_SLICE_MS * 1.5);
          return slicer.due();
        };
        arrive({ jsonrpc: '2.0', id: 1, result: null });
        assert.equal(interactive(), false, 'an answer');
        arrive({ jsonrpc: '2.0', id: 2, method: 'textDocument/hover', params: {} });
        assert.equal(interactive(), true, 'a request');
      });
  });
});
