// Rule 2 of server/src/graph/matching.ts: which boundaries of a CODE component address a DATA_STORE —
// by the payload naming the store (normalised, or as the last dotted part of its name), else by kind,
// else all of them; the same boundaries asked about several stores get each store's own answer.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import { boundariesAddressingStore } from '../../server/src/graph/matching';

const store = (name: string, extra: Partial<ComponentDetail> = {}): ComponentDetail =>
  ({ id: name, name, type: 'DATA_STORE', ...extra }) as ComponentDetail;

describe('graph matching: boundaries addressing a data store', () => {
  const orders = { payload: 'Order_Items', kind: 'postgres_writer' };
  const events = { payload: 'events', kind: 'kafka_producer' };
  const none = { kind: 'http' };
  const side = [orders, events, none];

  it('by payload: normalised name, friendly name, or the last dotted part of the name', () => {
    assert.deepEqual(boundariesAddressingStore(side, store('order-items')), [orders]);
    assert.deepEqual(boundariesAddressingStore(side, store('x', { friendly_name: 'OrderItems' })), [orders]);
    assert.deepEqual(boundariesAddressingStore(side, store('analytics.public.events')), [events]);
  });

  it('else by kind, else all; each store answered on its own with the same boundaries', () => {
    assert.deepEqual(boundariesAddressingStore(side, store('topic-1', { store_kind: 'kafka' })), [events]);
    assert.deepEqual(boundariesAddressingStore(side, store('cache-1', { store_kind: 'redis' })), side);
    // Asked again, in another order, after the others: the answers do not carry over.
    assert.deepEqual(boundariesAddressingStore(side, store('analytics.public.events')), [events]);
    assert.deepEqual(boundariesAddressingStore(side, store('order-items')), [orders]);
    assert.deepEqual(boundariesAddressingStore([none], store('order-items')), [none]);
  });

  it("answers every boundary that matches, by either way, once each and in the side's order", () => {
    const short = { payload: 'events' };
    const dotted = { payload: 'Public.Events' };
    const whole = { payload: 'Analytics.Public.Event_s' };
    const analytics = store('analytics.public.events');
    assert.deepEqual(boundariesAddressingStore([short, none, dotted, whole], analytics), [
      short,
      dotted,
      whole,
    ]);
    assert.deepEqual(boundariesAddressingStore([whole, dotted, short], analytics), [whole, dotted, short]);
    const kafka = { kind: 'Kafka_Consumer' };
    assert.deepEqual(boundariesAddressingStore([kafka, none, events], store('t', { store_kind: 'kafka' })), [
      kafka,
      events,
    ]);
  });
});
