import { Kafka } from 'kafkajs';

const kafka = new Kafka({ clientId: 'checkout-api', brokers: (process.env.KAFKA_BROKERS ?? 'localhost:9092').split(',') });
const producer = kafka.producer({ idempotent: true });
const ready = producer.connect();

export interface OrderCreated {
  orderId: string;
  customer: { email: string; fullName: string; phone?: string; smsOptIn: boolean };
  shipping: { city: string; postcode: string; country: string };
  totalCents: number;
  attributes: Array<{ key: string; value: string }>;
}

/** Publishes to the order-created topic, keyed by order id so one order stays on one partition. */
export async function publishOrderCreated(event: OrderCreated): Promise<void> {
  await ready;
  await producer.send({
    topic: 'order-created',
    messages: [{ key: event.orderId, value: JSON.stringify(event) }],
  });
}
