// Time slices: loops that yield side by side resume in turns of their own, so their slices never add up
// into one long block of the event loop.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { TimeSlicer, yieldToEventLoop } from '../../server/src/util/timeSlices';
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
});
