// Wire shapes of the checkout API.

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  postcode: string;
  country: string;
}

export interface LineItem {
  sku: string;
  quantity: number;
  unitPriceCents: number;
  /** Only for pharmacy items; checked against the prescription service. */
  prescriptionId?: string;
}

export interface CreateOrderRequest {
  email: string;
  fullName: string;
  phone?: string;
  marketingOptIn: boolean;
  cardNumber: string;
  paymentMethod: 'card' | 'invoice';
  address: Address;
  items: LineItem[];
  attributes: Record<string, string>;
}

export interface OrderConfirmation {
  orderId: string;
  status: 'CONFIRMED' | 'PENDING_PAYMENT';
  totalCents: number;
}
