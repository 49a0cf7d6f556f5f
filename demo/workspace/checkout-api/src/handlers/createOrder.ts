import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreateOrderRequest, OrderConfirmation } from '../types.js';
import { insertOrder } from '../db/ordersRepository.js';
import { publishOrderCreated } from '../events/orderCreatedPublisher.js';
import { chargeCard } from '../clients/billingClient.js';

/** POST /orders: stores the order, charges the card and announces the order. */
export async function createOrder(
  req: FastifyRequest<{ Body: CreateOrderRequest }>,
  reply: FastifyReply,
): Promise<OrderConfirmation> {
  const body: CreateOrderRequest = req.body;
  const orderId = randomUUID();
  const totalCents = body.items.reduce((sum, i) => sum + i.quantity * i.unitPriceCents, 0);

  await insertOrder({
    orderId,
    customerEmail: body.email,
    customerName: body.fullName,
    shippingCity: body.address.city,
    shippingPostcode: body.address.postcode,
    prescriptionIds: body.items.flatMap((i) => (i.prescriptionId ? [i.prescriptionId] : [])),
    totalCents,
  });

  // Invoice orders are paid later; only card orders are charged now.
  let status: OrderConfirmation['status'] = 'PENDING_PAYMENT';
  if (body.paymentMethod === 'card') {
    const charge = await chargeCard({
      orderId,
      cardNumber: body.cardNumber,
      billingEmail: body.email,
      amountCents: totalCents,
    });
    if (charge.approved) status = 'CONFIRMED';
  }

  await publishOrderCreated({
    orderId,
    customer: { email: body.email, fullName: body.fullName, phone: body.phone, smsOptIn: body.marketingOptIn },
    shipping: { city: body.address.city, postcode: body.address.postcode, country: body.address.country },
    totalCents,
    attributes: Object.entries(body.attributes).map(([key, value]) => ({ key, value })),
  });

  reply.code(201);
  return { orderId, status, totalCents };
}
