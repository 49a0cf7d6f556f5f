import { request } from 'undici';

const BILLING_URL = process.env.BILLING_URL ?? 'http://billing-worker:8080';

export interface ChargeRequest {
  orderId: string;
  cardNumber: string;
  billingEmail: string;
  amountCents: number;
}

export interface ChargeResult {
  approved: boolean;
  chargeId: string;
}

/** Asks billing-worker to charge a card; billing owns the payment gateway. */
export async function chargeCard(charge: ChargeRequest): Promise<ChargeResult> {
  const res = await request(`${BILLING_URL}/charges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      order_id: charge.orderId,
      card_number: charge.cardNumber,
      billing_email: charge.billingEmail,
      amount_cents: charge.amountCents,
    }),
  });
  if (res.statusCode >= 300) throw new Error(`billing answered ${res.statusCode}`);
  return (await res.body.json()) as ChargeResult;
}
