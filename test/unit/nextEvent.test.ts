// The shared wait on events (test/helpers/nextEvent.ts), on a Node EventEmitter: the first matching
// event wins, others are ignored, the deadline fails the wait and says what was awaited, and a
// listener is never left behind.
import * as assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { anyOf, nextEvent, untilFound, type EventSource } from '../helpers/nextEvent';

function source<T>(emitter: EventEmitter, name: string): EventSource<T> {
  return (listener) => {
    emitter.on(name, listener);
    return { dispose: () => emitter.off(name, listener) };
  };
}

describe('nextEvent / untilFound (test helper)', () => {
  it('resolves with the first event the predicate accepts, then unsubscribes', async () => {
    const e = new EventEmitter();
    const waiting = nextEvent(source<number>(e, 'n'), (n) => n > 2, { timeoutMs: 5000, what: 'n > 2' });
    e.emit('n', 1);
    e.emit('n', 3);
    e.emit('n', 4);
    assert.equal(await waiting, 3);
    assert.equal(e.listenerCount('n'), 0);
  });

  it('takes an async predicate', async () => {
    const e = new EventEmitter();
    const waiting = nextEvent(source<string>(e, 's'), (s) => Promise.resolve(s === 'b'), {
      timeoutMs: 5000,
      what: 'b',
    });
    e.emit('s', 'a');
    e.emit('s', 'b');
    assert.equal(await waiting, 'b');
  });

  it('fails at the deadline, naming what was awaited, and unsubscribes', async () => {
    const e = new EventEmitter();
    await assert.rejects(
      nextEvent(source<number>(e, 'n'), () => true, { timeoutMs: 20, what: () => 'the answer' }),
      /the answer: not within 20 ms/,
    );
    assert.equal(e.listenerCount('n'), 0);
  });

  it('fails when the predicate throws', async () => {
    const e = new EventEmitter();
    const waiting = nextEvent(
      source<number>(e, 'n'),
      () => {
        throw new Error('bad look');
      },
      { timeoutMs: 5000, what: 'n' },
    );
    e.emit('n', 1);
    await assert.rejects(waiting, /bad look/);
  });

  it('untilFound: what is there now, without an event', async () => {
    const e = new EventEmitter();
    assert.equal(await untilFound(source(e, 'x'), () => 'here', { timeoutMs: 5000, what: 'x' }), 'here');
    assert.equal(e.listenerCount('x'), 0);
  });

  it('untilFound: looks again on each event of any source, and stops looking once found', async () => {
    const a = new EventEmitter();
    const b = new EventEmitter();
    let value: string | undefined;
    let looks = 0;
    const probe = () => {
      looks++;
      return value;
    };
    const waiting = untilFound(anyOf(source(a, 'x'), source(b, 'y')), probe, { timeoutMs: 5000, what: 'v' });
    a.emit('x');
    b.emit('y');
    value = 'found';
    assert.equal(await waiting, 'found');
    assert.equal(looks, 3, 'the first look, then one per event');
    assert.equal(a.listenerCount('x') + b.listenerCount('y'), 0);
    value = 'later';
    a.emit('x');
    assert.equal(looks, 3);
  });
});
