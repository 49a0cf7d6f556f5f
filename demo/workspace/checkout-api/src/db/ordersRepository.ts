import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.ORDERS_DB_URL });

export interface OrderRow {
  orderId: string;
  customerEmail: string;
  customerName: string;
  shippingCity: string;
  shippingPostcode: string;
  prescriptionIds: string[];
  totalCents: number;
}

/** Writes one row to public.orders on orders-db. */
export async function insertOrder(row: OrderRow): Promise<void> {
  await pool.query(
    `INSERT INTO public.orders
       (order_id, customer_email, customer_name, shipping_city, shipping_postcode, prescription_ids, total_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.orderId, row.customerEmail, row.customerName, row.shippingCity, row.shippingPostcode, row.prescriptionIds, row.totalCents],
  );
}
