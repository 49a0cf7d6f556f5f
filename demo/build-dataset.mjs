// Writes demo/dataset.json from the demo story below. Anchor lines are found by searching the
// workspace for a snippet, so editing a demo source file only needs a re-run, never hand-counting.
// Usage: node demo/build-dataset.mjs [--check]   (--check: exit 1 when dataset.json is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { DEMO_SCANS, demoCommitShas } from './demoRepository.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const workspace = join(here, 'workspace');
const out = join(here, 'dataset.json');

/** A stable UUID (version-5 layout) derived from a key, so ids never change between runs. */
function uuid(key) {
  const h = createHash('sha1').update(`lineage-lens-demo:${key}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const lineCache = new Map();
function linesOf(file) {
  if (!lineCache.has(file)) lineCache.set(file, readFileSync(join(workspace, file), 'utf8').split('\n'));
  return lineCache.get(file);
}

/**
 * The 1-based line holding `text` (or, for `^text`, equal to it), searching from line `from`;
 * a search from the top must find exactly one line.
 */
function lineOf(file, text, from = 1) {
  const lines = linesOf(file);
  const hits = [];
  const match = text.startsWith('^') ? (l) => l === text.slice(1) : (l) => l.includes(text);
  lines.forEach((l, i) => { if (i + 1 >= from && match(l)) hits.push(i + 1); });
  if (hits.length === 0) throw new Error(`${file}: no line holds ${JSON.stringify(text)}`);
  if (hits.length > 1 && from === 1) throw new Error(`${file}: ${JSON.stringify(text)} is on lines ${hits.join(', ')}`);
  return hits[0];
}

/**
 * A code anchor from the line holding `start` to the line holding `end` (default: the same line).
 * Columns are 1-based and inclusive (as in SARIF): column_start is `name` on line_start, column_end is
 * measured on line_end — the end of `name` for a one-line anchor, else the last non-blank character.
 */
function anchor(key, name, file, start, end) {
  const lineStart = lineOf(file, start);
  const lineEnd = end ? lineOf(file, end, lineStart) : lineStart;
  const lines = linesOf(file);
  const col = lines[lineStart - 1].indexOf(name);
  const a = { anchor_id: uuid(`anchor:${key}`), name, file, line_start: lineStart, line_end: lineEnd };
  if (col >= 0) {
    const columnEnd = lineEnd === lineStart ? col + name.length : lines[lineEnd - 1].trimEnd().length;
    Object.assign(a, { column_start: col + 1, column_end: columnEnd });
  }
  return a;
}

// ---- JSON Schema helpers for boundary payloads ----
const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const obj = (properties) => ({ type: 'object', properties });
const arr = (items) => ({ type: 'array', items });
const flow = (kind, pairs) => pairs.map(([i, e, notes]) => ({ ingress_field: i, egress_field: e, kind, ...(notes ? { notes } : {}) }));
const complete = (c = {}) => ({
  ingress: 'KNOWN_COMPLETE', ingress_schema: 'KNOWN_COMPLETE', egress: 'KNOWN_COMPLETE',
  egress_schema: 'KNOWN_COMPLETE', field_mappings: 'KNOWN_COMPLETE', ...c,
});

// ---- Components: ids ----
const C = {
  checkout: uuid('component:checkout-api'),
  billing: uuid('component:billing-worker'),
  notifications: uuid('component:notifications'),
  ordersTable: uuid('component:orders-db.public.orders'),
  orderCreated: uuid('component:kafka.order-created'),
  paymentSettled: uuid('component:kafka.payment-settled'),
  shopEvents: uuid('component:s3.shop-events'),
};

// ---- Scans ----
// The commits are those of the demo workspace's repository (demoRepository.mjs: `npm start` makes it),
// so the demo's anchors are verified against the code they were scanned on, as in a real clone.
const commits = demoCommitShas(join(here, 'workspace'));
const scans = Object.fromEntries(
  Object.entries(DEMO_SCANS).map(([service, list]) => [
    service,
    list.map(([committed_at, branch, job_trigger], i) => ({
      commit_sha: commits.get(`${service}:${i + 1}`),
      committed_at,
      scanned_at: committed_at.replace(/:00Z$/, ':41Z'),
      branch,
      job_trigger,
    })),
  ]),
);
const latest = (list) => list[list.length - 1].commit_sha;

// ---- Boundaries (one object per place in code; paths through the same place share it) ----
const orderCreatedSchema = obj({
  orderId: str,
  customer: obj({ email: str, fullName: str }),
  shipping: obj({ city: str, postcode: str, country: str }),
  totalCents: int,
  attributes: arr(obj({ key: str, value: str })),
});
const chargeSchema = obj({ order_id: str, card_number: str, billing_email: str, amount_cents: int });
const paymentSettledSchema = obj({ order_id: str, customer_email: str, amount_cents: int, card_token: str, status: str });

const B = {
  createOrderRequest: {
    id: uuid('boundary:checkout:createOrder:request'), kind: 'http_request',
    signature_name: 'com.shop.checkout.OrderHandler.createOrder', payload_name: 'CreateOrderRequest',
    description: 'POST /orders body',
    schema: obj({
      email: { type: 'string', format: 'email' }, fullName: str, phone: str, marketingOptIn: bool, cardNumber: str,
      paymentMethod: { type: 'string', enum: ['card', 'invoice'] },
      address: obj({ line1: str, line2: str, city: str, postcode: str, country: str }),
      items: arr(obj({ sku: str, quantity: int, unitPriceCents: int, prescriptionId: str })),
      attributes: { type: 'object', additionalProperties: str },
    }),
  },
  ordersInsert: {
    id: uuid('boundary:checkout:ordersRepository:insertOrder'), kind: 'postgres',
    signature_name: 'com.shop.checkout.db.OrdersRepository.insertOrder', payload_name: 'public.orders',
    data_store_id: C.ordersTable,
    schema: obj({
      order_id: str, customer_email: str, customer_name: str, shipping_city: str, shipping_postcode: str,
      prescription_ids: arr(str), total_cents: int,
    }),
  },
  orderCreatedPublish: {
    id: uuid('boundary:checkout:publishOrderCreated'), kind: 'kafka_producer',
    signature_name: 'com.shop.checkout.events.OrderCreatedPublisher.publishOrderCreated', payload_name: 'OrderCreated',
    data_store_id: C.orderCreated, schema: orderCreatedSchema,
  },
  // What a reviewer corrected: the scanner missed the phone and SMS opt-in members.
  orderCreatedPublishReviewed: {
    id: uuid('boundary:checkout:publishOrderCreated:reviewed'), kind: 'kafka_producer',
    signature_name: 'com.shop.checkout.events.OrderCreatedPublisher.publishOrderCreated', payload_name: 'OrderCreated',
    data_store_id: C.orderCreated,
    schema: {
      ...orderCreatedSchema,
      properties: { ...orderCreatedSchema.properties, customer: obj({ email: str, fullName: str, phone: str, smsOptIn: bool }) },
    },
  },
  chargeCall: {
    id: uuid('boundary:checkout:chargeCard'), kind: 'http_client',
    signature_name: 'com.shop.checkout.clients.BillingClient.chargeCard', payload_name: 'ChargeRequest',
    description: 'POST billing-worker /charges', schema: chargeSchema,
  },
  orderConfirmation: {
    id: uuid('boundary:checkout:createOrder:response'), kind: 'gateway_response',
    signature_name: 'com.shop.checkout.OrderHandler.createOrder', payload_name: 'OrderConfirmation',
    schema: obj({ orderId: str, status: { type: 'string', enum: ['CONFIRMED', 'PENDING_PAYMENT'] }, totalCents: int }),
  },
  healthRequest: {
    id: uuid('boundary:checkout:ping:request'), kind: 'http_request',
    signature_name: 'com.shop.checkout.HealthHandler.ping', payload_name: 'HealthCheck',
    schema: obj({ ip: str, headers: obj({ 'user-agent': str }) }),
  },
  healthLog: {
    id: uuid('boundary:checkout:ping:log'), kind: 'log',
    signature_name: 'com.shop.checkout.HealthHandler.ping', payload_name: 'AccessLog',
    schema: obj({ remoteAddress: str, userAgent: str }),
  },
  chargeRequest: {
    id: uuid('boundary:billing:create_charge:request'), kind: 'http_request',
    signature_name: 'billing.api.charges.create_charge', payload_name: 'ChargeRequest',
    description: 'POST /charges body', schema: chargeSchema,
  },
  gatewayAuthorize: {
    id: uuid('boundary:billing:authorize'), kind: 'http_client',
    signature_name: 'billing.payments.gateway.authorize', payload_name: 'AuthorizeRequest',
    description: 'External payment gateway', schema: obj({ pan: str, amount: int, reference: str, three_ds: bool }),
  },
  vaultTokenize: {
    id: uuid('boundary:billing:tokenize_card'), kind: 'http_client',
    signature_name: 'billing.payments.vault.tokenize_card', payload_name: 'TokenizeRequest',
    schema: obj({ pan: str, owner: str }),
  },
  paymentSettledPublish: {
    id: uuid('boundary:billing:publish_payment_settled'), kind: 'kafka_producer',
    signature_name: 'billing.events.publish_payment_settled', payload_name: 'PaymentSettled',
    data_store_id: C.paymentSettled, schema: paymentSettledSchema,
  },
  orderCreatedConsume: {
    id: uuid('boundary:billing:handle_order_created'), kind: 'kafka_consumer',
    signature_name: 'billing.consumers.order_created.handle_order_created', payload_name: 'OrderCreated',
    data_store_id: C.orderCreated, schema: orderCreatedSchema,
  },
  invoicePut: {
    id: uuid('boundary:billing:put_invoice'), kind: 's3_put',
    signature_name: 'billing.storage.invoices.put_invoice', payload_name: 'Invoice', data_store_id: C.shopEvents,
    schema: obj({
      invoice_id: str, order_id: str, billing_email: str, bill_to: obj({ name: str, city: str, country: str }),
      total_cents: int, tags: { type: 'object', additionalProperties: str },
    }),
  },
  notifyOrderCreated: {
    id: uuid('boundary:notifications:HandleOrderCreated'), kind: 'kafka_consumer',
    signature_name: 'github.com/shop/notifications/internal/consumer.HandleOrderCreated', payload_name: 'OrderCreated',
    data_store_id: C.orderCreated, schema: obj({ orderId: str, customer: obj({ email: str, fullName: str }), totalCents: int }),
  },
  notifyPaymentSettled: {
    id: uuid('boundary:notifications:HandlePaymentSettled'), kind: 'kafka_consumer',
    signature_name: 'github.com/shop/notifications/internal/consumer.HandlePaymentSettled', payload_name: 'PaymentSettled',
    data_store_id: C.paymentSettled, schema: obj({ order_id: str, customer_email: str, amount_cents: int, status: str }),
  },
  emailSend: {
    id: uuid('boundary:notifications:SMTPSender.Send'), kind: 'smtp',
    signature_name: 'github.com/shop/notifications/internal/email.SMTPSender.Send', payload_name: 'EmailMessage',
    schema: obj({ to: str, template: str, vars: obj({ customer_name: str, order_id: str, amount: str }) }),
  },
  smsSend: {
    id: uuid('boundary:notifications:HTTPSender.Send'), kind: 'http_client',
    signature_name: 'github.com/shop/notifications/internal/sms.HTTPSender.Send', payload_name: 'SmsMessage',
    description: 'SMS provider API', schema: obj({ to: str, body: str }),
  },
};

// ---- Paths ----
const F = {
  handler: 'checkout-api/src/handlers/createOrder.ts',
  repo: 'checkout-api/src/db/ordersRepository.ts',
  publisher: 'checkout-api/src/events/orderCreatedPublisher.ts',
  billingClient: 'checkout-api/src/clients/billingClient.ts',
  health: 'checkout-api/src/handlers/health.ts',
  charges: 'billing-worker/billing/api/charges.py',
  gateway: 'billing-worker/billing/payments/gateway.py',
  vault: 'billing-worker/billing/payments/vault.py',
  events: 'billing-worker/billing/events.py',
  consumer: 'billing-worker/billing/consumers/order_created.py',
  invoices: 'billing-worker/billing/storage/invoices.py',
  goOrder: 'notifications/internal/consumer/order_created.go',
  goPayment: 'notifications/internal/consumer/payment_settled.go',
  goEmail: 'notifications/internal/email/sender.go',
  goSms: 'notifications/internal/sms/sender.go',
};

const orderCreatedScanMappings = [
  ...flow('DataFlow', [
    ['email', 'customer.email'], ['fullName', 'customer.fullName'], ['address.city', 'shipping.city'],
    ['address.postcode', 'shipping.postcode'], ['address.country', 'shipping.country'],
    ['items.quantity', 'totalCents', 'sum of quantity × unit price'], ['items.unitPriceCents', 'totalCents', 'sum of quantity × unit price'],
  ]),
  ...flow('KeyValueBridge', [['attributes', 'attributes.key', 'map keys become list entries'], ['attributes', 'attributes.value']]),
];
const orderCreatedAnchors = [
  anchor('checkout:publish-call', 'publishOrderCreated', F.handler, 'await publishOrderCreated({', '});'),
  anchor('checkout:publisher', 'publishOrderCreated', F.publisher, 'export async function publishOrderCreated', '^}'),
];

const checkoutPaths = [
  {
    path_id: uuid('path:checkout:orders-insert'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.checkout),
    ingress: B.createOrderRequest, egress: B.ordersInsert, payload_name: 'CreateOrderRequest',
    transformation_summary: 'Stores the order with the customer contact and shipping address in public.orders.',
    field_mappings: flow('DataFlow', [
      ['email', 'customer_email'], ['fullName', 'customer_name'], ['address.city', 'shipping_city'],
      ['address.postcode', 'shipping_postcode'], ['items.prescriptionId', 'prescription_ids'],
      ['items.quantity', 'total_cents', 'sum of quantity × unit price'], ['items.unitPriceCents', 'total_cents', 'sum of quantity × unit price'],
    ]),
    code_anchors: [
      anchor('checkout:handler', 'createOrder', F.handler, 'export async function createOrder', '): Promise<OrderConfirmation>'),
      anchor('checkout:insert-call', 'insertOrder', F.handler, 'await insertOrder({', '});'),
      anchor('checkout:repository', 'insertOrder', F.repo, 'export async function insertOrder', '  );'),
    ],
    completeness: complete(),
  },
  {
    path_id: uuid('path:checkout:order-created'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.checkout),
    ingress: B.createOrderRequest, egress: B.orderCreatedPublish, payload_name: 'OrderCreated',
    transformation_summary: 'Announces the order on the order-created topic.',
    field_mappings: orderCreatedScanMappings, code_anchors: orderCreatedAnchors,
    completeness: complete({ egress_schema: 'KNOWN_INCOMPLETE', field_mappings: 'KNOWN_INCOMPLETE' }),
  },
  {
    path_id: uuid('path:checkout:order-created:reviewed'), path_type: 'USER_OVERRIDE',
    replaces_path_id: uuid('path:checkout:order-created'), commit_sha: scans.checkout[1].commit_sha,
    reason: 'Scanner misses the optional phone and the SMS opt-in copied into the event.',
    ingress: B.createOrderRequest, egress: B.orderCreatedPublishReviewed, payload_name: 'OrderCreated',
    transformation_summary: 'Announces the order on the order-created topic, with phone and SMS opt-in.',
    field_mappings: [
      ...orderCreatedScanMappings,
      ...flow('DataFlow', [['phone', 'customer.phone'], ['marketingOptIn', 'customer.smsOptIn']]),
    ],
    code_anchors: orderCreatedAnchors, completeness: complete(),
  },
  {
    path_id: uuid('path:checkout:charge'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.checkout),
    ingress: B.createOrderRequest, egress: B.chargeCall, payload_name: 'ChargeRequest',
    transformation_summary: 'Asks billing-worker to charge the card for card orders.',
    field_mappings: [
      ...flow('DataFlow', [
        ['cardNumber', 'card_number'], ['email', 'billing_email'],
        ['items.quantity', 'amount_cents'], ['items.unitPriceCents', 'amount_cents'],
      ]),
      ...flow('ControlFlow', [['paymentMethod', 'card_number', 'only card orders are charged']]),
    ],
    code_anchors: [
      anchor('checkout:charge-call', 'chargeCard', F.handler, 'const charge = await chargeCard({', '});'),
      anchor('checkout:billing-client', 'chargeCard', F.billingClient, 'export async function chargeCard', '^}'),
    ],
    completeness: complete(),
  },
  {
    path_id: uuid('path:checkout:confirmation'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.checkout),
    ingress: B.createOrderRequest, egress: B.orderConfirmation, payload_name: 'OrderConfirmation',
    transformation_summary: 'Answers with the order id, total and whether payment went through.',
    field_mappings: [
      ...flow('DataFlow', [['items.quantity', 'totalCents'], ['items.unitPriceCents', 'totalCents']]),
      ...flow('ControlFlow', [
        ['paymentMethod', 'status', 'invoice orders stay PENDING_PAYMENT'],
        ['cardNumber', 'status', 'a declined card keeps PENDING_PAYMENT'],
      ]),
    ],
    code_anchors: [
      anchor('checkout:payment-branch', 'paymentMethod', F.handler, "if (body.paymentMethod === 'card')", '^  }'),
      anchor('checkout:response', 'status', F.handler, 'return { orderId, status, totalCents };'),
    ],
    completeness: complete({ field_mappings: 'UNKNOWN' }),
  },
  {
    path_id: uuid('path:checkout:healthz'), path_type: 'SCAN_OUTPUT', commit_sha: scans.checkout[0].commit_sha,
    is_suppressed: true, ingress: B.healthRequest, egress: B.healthLog, payload_name: 'AccessLog',
    transformation_summary: 'Logs the probe caller; suppressed as operational noise.',
    field_mappings: flow('DataFlow', [['ip', 'remoteAddress'], ['headers.user-agent', 'userAgent']]),
    code_anchors: [anchor('checkout:ping', 'ping', F.health, 'export async function ping', '^}')],
  },
];

const billingPaths = [
  {
    path_id: uuid('path:billing:authorize'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.billing),
    ingress: B.chargeRequest, egress: B.gatewayAuthorize, payload_name: 'AuthorizeRequest',
    transformation_summary: 'Authorizes the charge at the external payment gateway.',
    field_mappings: [
      ...flow('DataFlow', [['card_number', 'pan'], ['amount_cents', 'amount'], ['order_id', 'reference']]),
      ...flow('ControlFlow', [['amount_cents', 'three_ds', 'above 250.00 the gateway must run 3-D Secure']]),
    ],
    code_anchors: [
      anchor('billing:authorize-call', 'authorize', F.charges, 'result = await authorize(', '    )'),
      anchor('billing:gateway', 'authorize', F.gateway, 'async def authorize', 'return AuthorizeResult('),
    ],
    completeness: complete(),
  },
  {
    path_id: uuid('path:billing:tokenize'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.billing),
    ingress: B.chargeRequest, egress: B.vaultTokenize, payload_name: 'TokenizeRequest',
    transformation_summary: 'Swaps the card number for a vault token.',
    field_mappings: flow('DataFlow', [['card_number', 'pan'], ['billing_email', 'owner']]),
    code_anchors: [
      anchor('billing:tokenize-call', 'tokenize_card', F.charges, 'card_token = await tokenize_card('),
      anchor('billing:vault', 'tokenize_card', F.vault, 'async def tokenize_card', 'return resp.json()'),
    ],
    completeness: complete(),
  },
  {
    path_id: uuid('path:billing:payment-settled'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.billing),
    ingress: B.chargeRequest, egress: B.paymentSettledPublish, payload_name: 'PaymentSettled',
    transformation_summary: 'Publishes the charge outcome on payment-settled.',
    field_mappings: [
      ...flow('DataFlow', [
        ['order_id', 'order_id'], ['billing_email', 'customer_email'], ['amount_cents', 'amount_cents'],
        ['card_number', 'card_token', 'tokenized by the card vault'],
      ]),
      ...flow('ControlFlow', [['card_number', 'status', 'gateway decision'], ['amount_cents', 'status', 'gateway decision']]),
    ],
    code_anchors: [
      anchor('billing:publish-call', 'publish_payment_settled', F.charges, 'await publish_payment_settled(', '    )'),
      anchor('billing:publisher', 'publish_payment_settled', F.events, 'async def publish_payment_settled', '_producer.poll(0)'),
    ],
    completeness: complete({ field_mappings: 'KNOWN_INCOMPLETE' }),
  },
  {
    path_id: uuid('path:billing:invoice'), path_type: 'SCAN_OUTPUT', commit_sha: scans.billing[1].commit_sha,
    ingress: B.orderCreatedConsume, egress: B.invoicePut, payload_name: 'Invoice',
    transformation_summary: 'Files an invoice per order in s3://shop-events/invoices/.',
    field_mappings: [
      ...flow('DataFlow', [
        ['orderId', 'order_id'], ['orderId', 'invoice_id', 'prefixed INV-'], ['customer.email', 'billing_email'],
        ['customer.fullName', 'bill_to.name'], ['shipping.city', 'bill_to.city'], ['shipping.country', 'bill_to.country'],
        ['totalCents', 'total_cents'],
      ]),
      ...flow('KeyValueBridge', [['attributes.key', 'tags', 'list of pairs becomes a map'], ['attributes.value', 'tags']]),
    ],
    code_anchors: [
      anchor('billing:handle-order-created', 'handle_order_created', F.consumer, 'def handle_order_created', 'put_invoice(invoice)'),
      anchor('billing:put-invoice', 'put_invoice', F.invoices, 'def put_invoice', 's3.put_object('),
    ],
    completeness: complete(),
  },
];

const notificationPaths = [
  {
    path_id: uuid('path:notifications:order-confirmation'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.notifications),
    ingress: B.notifyOrderCreated, egress: B.emailSend, payload_name: 'EmailMessage',
    transformation_summary: 'Mails the order confirmation.',
    field_mappings: [
      ...flow('DataFlow', [['customer.email', 'to']]),
      ...flow('KeyValueBridge', [['customer.fullName', 'vars.customer_name'], ['orderId', 'vars.order_id']]),
    ],
    code_anchors: [
      anchor('notifications:handle-order-created', 'HandleOrderCreated', F.goOrder, 'func HandleOrderCreated', 'return sender.Send(ctx, msg)'),
      anchor('notifications:smtp-send', 'Send', F.goEmail, 'func (s SMTPSender) Send', 'return smtp.SendMail'),
    ],
    completeness: complete(),
  },
  {
    path_id: uuid('path:notifications:declined-sms'), path_type: 'SCAN_OUTPUT', commit_sha: latest(scans.notifications),
    ingress: B.notifyPaymentSettled, egress: B.smsSend, payload_name: 'SmsMessage',
    transformation_summary: 'Texts the customer when a payment is declined.',
    field_mappings: [
      ...flow('KeyValueBridge', [['customer_email', 'to', 'phone looked up by e-mail']]),
      ...flow('DataFlow', [['order_id', 'body']]),
      ...flow('ControlFlow', [['status', 'to', 'only DECLINED payments are texted']]),
    ],
    code_anchors: [
      anchor('notifications:declined-branch', 'Status', F.goPayment, 'if ev.Status == "DECLINED"', 'return nil'),
      anchor('notifications:sms-send', 'Send', F.goSms, 'func (s HTTPSender) Send', 'return resp.Body.Close()'),
    ],
    completeness: complete({ egress: 'KNOWN_INCOMPLETE' }),
  },
  {
    // Added by a reviewer: the scanner does not follow the receipt branch.
    path_id: uuid('path:notifications:receipt'), path_type: 'USER_OVERRIDE', commit_sha: scans.notifications[0].commit_sha,
    reason: 'Receipt e-mail missing from scan output.',
    ingress: B.notifyPaymentSettled, egress: B.emailSend, payload_name: 'EmailMessage',
    transformation_summary: 'Mails a receipt for settled payments.',
    field_mappings: [
      ...flow('DataFlow', [['customer_email', 'to']]),
      ...flow('KeyValueBridge', [['order_id', 'vars.order_id'], ['amount_cents', 'vars.amount', 'formatted as units']]),
      ...flow('ControlFlow', [['status', 'to', 'only settled payments get a receipt']]),
    ],
    code_anchors: [
      anchor('notifications:receipt', 'receipt', F.goPayment, 'receipt := email.Message{', 'return mail.Send(ctx, receipt)'),
    ],
    completeness: complete({ ingress_schema: 'UNKNOWN' }),
  },
];

// ---- Components ----
const owner = (email, name) => ({ userId: uuid(`user:${email}`), email, name });
const components = [
  {
    id: C.checkout, name: 'checkout-api', namespace: 'shop', type: 'CODE', friendly_name: 'Checkout API',
    approval: { status: 'APPROVED', approvalEventId: uuid('approval:checkout'), approvedAt: '2025-11-03T12:00:00Z', approvedBy: owner('mara.lind@shop.example', 'Mara Lind'), note: 'Reviewed with the SMS opt-in change.' },
    metadata: { language: 'typescript', repository: 'https://git.shop.example/shop/checkout-api', team: 'checkout' },
    scans: scans.checkout, paths: checkoutPaths,
  },
  {
    id: C.billing, name: 'billing-worker', namespace: 'billing', type: 'CODE', friendly_name: 'Billing worker',
    approval: { status: 'UNAPPROVED' },
    metadata: { language: 'python', repository: 'https://git.shop.example/shop/billing-worker', team: 'payments' },
    scans: scans.billing, paths: billingPaths,
  },
  {
    id: C.notifications, name: 'notifications', namespace: 'shop', type: 'CODE', friendly_name: 'Notifications',
    approval: { status: 'UNAPPROVED', note: 'Receipt path added by hand; awaiting review.' },
    metadata: { language: 'go', repository: 'https://git.shop.example/shop/notifications', team: 'crm' },
    scans: scans.notifications, paths: notificationPaths,
  },
  {
    id: C.ordersTable, name: 'orders-db.public.orders', namespace: 'shop', type: 'DATA_STORE', friendly_name: 'Orders table',
    store_kind: 'postgres',
    schema: { fields: [
      { name: 'order_id', type: 'uuid' }, { name: 'customer_email', type: 'text' }, { name: 'customer_name', type: 'text' },
      { name: 'shipping_city', type: 'text' }, { name: 'shipping_postcode', type: 'text' },
      { name: 'prescription_ids', type: 'text[]' }, { name: 'total_cents', type: 'bigint' }, { name: 'created_at', type: 'timestamptz' },
    ] },
  },
  {
    id: C.orderCreated, name: 'order-created', namespace: 'shop', type: 'DATA_STORE', friendly_name: 'order-created topic',
    store_kind: 'kafka',
    schema: { fields: [
      { name: 'orderId', type: 'string' }, { name: 'customer.email', type: 'string' }, { name: 'customer.fullName', type: 'string' },
      { name: 'customer.phone', type: 'string' }, { name: 'customer.smsOptIn', type: 'boolean' },
      { name: 'shipping.city', type: 'string' }, { name: 'shipping.postcode', type: 'string' }, { name: 'shipping.country', type: 'string' },
      { name: 'totalCents', type: 'long' }, { name: 'attributes', type: 'array<struct<key:string,value:string>>' },
    ] },
  },
  {
    id: C.paymentSettled, name: 'payment-settled', namespace: 'billing', type: 'DATA_STORE', friendly_name: 'payment-settled topic',
    store_kind: 'kafka',
    schema: { fields: [
      { name: 'order_id', type: 'string' }, { name: 'customer_email', type: 'string' }, { name: 'amount_cents', type: 'long' },
      { name: 'card_token', type: 'string' }, { name: 'status', type: 'string' },
    ] },
  },
  {
    id: C.shopEvents, name: 'shop-events', namespace: 'billing', type: 'DATA_STORE', friendly_name: 'shop-events bucket',
    store_kind: 's3',
    schema: { fields: [
      { name: 'invoice_id', type: 'string' }, { name: 'order_id', type: 'string' }, { name: 'billing_email', type: 'string' },
      { name: 'bill_to.name', type: 'string' }, { name: 'bill_to.city', type: 'string' }, { name: 'bill_to.country', type: 'string' },
      { name: 'total_cents', type: 'long' }, { name: 'tags', type: 'map<string,string>' },
    ] },
  },
];

// ---- Edges: one per component crossing ----
const edge = (from, to, namespace) => ({ id: uuid(`edge:${from}->${to}`), sourceComponentId: C[from], destinationComponentId: C[to], namespace });
const edges = [
  edge('checkout', 'ordersTable', 'shop'),
  edge('checkout', 'orderCreated', 'shop'),
  edge('checkout', 'billing', 'shop'),
  edge('orderCreated', 'billing', 'shop'),
  edge('orderCreated', 'notifications', 'shop'),
  edge('billing', 'shopEvents', 'billing'),
  edge('billing', 'paymentSettled', 'billing'),
  edge('paymentSettled', 'notifications', 'billing'),
];

// ---- Tags ----
const T = {
  gdpr: uuid('tag:gdpr-restricted'),
  legacy: uuid('tag:legacy-export'),
  audit: uuid('tag:temp-audit'),
};
const tagDefinitions = [
  { id: T.gdpr, name: 'gdpr-restricted', kind: 'USER', color: '#b5179e', active: true, description: 'Personal data that must stay in the EU region.' },
  { id: T.legacy, name: 'legacy-export', kind: 'USER', color: '#8d99ae', active: false, description: 'Fed the retired CSV export; kept for history.' },
  { id: T.audit, name: 'temp-audit', kind: 'USER', color: '#ffb703', deleted: true, description: 'One-off audit marker, since deleted.' },
];
const sys = (boundary, field_path, tag, detection_category, applied_at) =>
  ({ boundary_id: boundary.id, field_path, tag, source: 'system', detection_category, applied_at });
const usr = (boundary, field_path, tag, applied_at, removed) =>
  ({ boundary_id: boundary.id, field_path, tag, source: 'user', applied_at, ...(removed ? { removed: true } : {}) });
const tagApplications = [
  sys(B.createOrderRequest, 'email', 'pii', 'EMAIL_ADDRESS', '2025-10-06T09:20:00Z'),
  sys(B.createOrderRequest, 'fullName', 'pii', 'PERSON_NAME', '2025-10-06T09:20:00Z'),
  // A person re-applied pii later: the most recent application (user) wins.
  usr(B.createOrderRequest, 'fullName', 'pii', '2025-10-21T10:02:00Z'),
  sys(B.createOrderRequest, 'cardNumber', 'secret', 'CREDIT_CARD_NUMBER', '2025-10-06T09:20:00Z'),
  sys(B.createOrderRequest, 'items.prescriptionId', 'phi', 'PRESCRIPTION_NUMBER', '2025-10-06T09:20:00Z'),
  usr(B.createOrderRequest, 'phone', T.gdpr, '2025-10-21T10:05:00Z'),
  usr(B.createOrderRequest, 'address.line1', T.gdpr, '2025-10-21T10:06:00Z'),
  usr(B.createOrderRequest, 'address.line1', T.gdpr, '2025-10-28T15:40:00Z', true),
  sys(B.paymentSettledPublish, 'card_token', 'secret', 'PAYMENT_TOKEN', '2025-10-08T11:45:00Z'),
  usr(B.invoicePut, 'tags', T.legacy, '2025-09-30T08:00:00Z'),
  usr(B.ordersInsert, 'customer_email', T.audit, '2025-10-15T09:00:00Z'),
  sys(B.smsSend, 'to', 'pii', 'PHONE_NUMBER', '2025-10-10T08:10:00Z'),
];

// ---- Contracts, data assets, subscriptions ----
const contractFile = (name) => {
  const text = readFileSync(join(workspace, 'contracts', name), 'utf8');
  return name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
};
const K = { orders: uuid('contract:orders'), orderCreated: uuid('contract:order-created'), invoices: uuid('contract:invoices') };
const contracts = [
  { id: K.orders, name: 'Orders for finance', ...contractFile('orders.contract.yaml') },
  { id: K.orderCreated, name: 'order-created for CRM sync', ...contractFile('order-created.contract.json') },
  {
    id: K.invoices, name: 'Invoice archive', dataAssetResourceName: 's3://shop-events:invoices/*.json',
    contractSchema: [
      { name: 'invoice_id', type: 'string', constraints: { pattern: '^INV-' } },
      { name: 'billing_email', type: 'string' },
      { name: 'bill_to', type: 'struct', fields: [{ name: 'name', type: 'string' }, { name: 'country', type: 'string' }] },
      { name: 'total_cents', type: 'long' },
    ],
  },
];
const s = (name, type, extra = {}) => ({ name, type, ...extra });
const asset = (darn, domain, type, updatedAt, schema, contractId) => ({
  id: uuid(`asset:${darn}`), dataAssetResourceName: darn, domain, path: darn.slice(darn.lastIndexOf(':') + 1), type, updatedAt, schema,
  ...(contractId ? { contractId } : {}),
});
const dataAssets = [
  asset('postgres://orders-db:public.orders', 'shop', 'relational_database', '2025-11-03T09:00:00Z', [
    s('order_id', 'string', { logical: 'uuid' }), s('customer_email', 'string'), s('customer_name', 'string'),
    s('shipping_city', 'string'), s('shipping_postcode', 'string'), s('prescription_ids', 'array', { fields: [s('element', 'string')] }),
    s('total_cents', 'long'), s('created_at', 'timestamp'),
  ], K.orders),
  asset('kafka://events:order-created', 'shop', 'event_stream', '2025-11-03T09:05:00Z', [
    s('orderId', 'string', { logical: 'uuid' }),
    s('customer', 'struct', { fields: [s('email', 'string'), s('fullName', 'string'), s('phone', 'string', { optional: true }), s('smsOptIn', 'boolean')] }),
    s('shipping', 'struct', { fields: [s('city', 'string'), s('postcode', 'string'), s('country', 'string')] }),
    s('totalCents', 'long'),
    s('attributes', 'array', { fields: [s('element', 'struct', { fields: [s('key', 'string'), s('value', 'string')] })] }),
  ], K.orderCreated),
  asset('kafka://events:payment-settled', 'billing', 'event_stream', '2025-11-05T10:10:00Z', [
    s('order_id', 'string'), s('customer_email', 'string'), s('amount_cents', 'long'), s('card_token', 'string'), s('status', 'string'),
  ]),
  asset('s3://shop-events:orders/*.parquet', 'shop', 'object_store', '2025-10-31T23:00:00Z', [
    s('order_id', 'string'), s('customer_email', 'string'), s('shipping_city', 'string'), s('total_cents', 'long'), s('created_at', 'timestamp'),
  ]),
  asset('s3://shop-events:invoices/*.json', 'billing', 'object_store', '2025-11-05T10:12:00Z', [
    s('invoice_id', 'string'), s('order_id', 'string'), s('billing_email', 'string'),
    s('bill_to', 'struct', { fields: [s('name', 'string'), s('city', 'string'), s('country', 'string')] }),
    s('total_cents', 'long'), s('tags', 'map'),
  ], K.invoices),
];
const subscriptions = [
  { id: uuid('sub:orders:mara'), dataContractId: K.orders, userId: owner('mara.lind@shop.example').userId, email: 'mara.lind@shop.example', chatChannel: '#finance-data' },
  { id: uuid('sub:order-created:jonas'), dataContractId: K.orderCreated, userId: owner('jonas.weber@shop.example').userId, email: 'jonas.weber@shop.example', codehostHandle: 'jweber' },
  { id: uuid('sub:order-created:crm'), dataContractId: K.orderCreated, userId: owner('crm-bot@shop.example').userId, email: 'crm-bot@shop.example', chatChannel: '#crm-alerts' },
];

// Two keys without values: each new database gets freshly generated ones (the service prints the
// first), so no key published here works against anyone's local service.
const apiKeys = [
  { id: uuid('apikey:demo'), name: 'Demo developer' },
  { id: uuid('apikey:ci'), name: 'CI scanner' },
];
const webhooks = [
  { id: uuid('webhook:violations'), name: 'Contract violations to chat', url: 'https://chat.shop.example/hooks/data-contracts', events: ['CONTRACT_VIOLATION'], createdAt: '2025-10-01T08:00:00Z' },
  { id: uuid('webhook:paths'), name: 'Path changes to audit log', url: 'https://audit.shop.example/lineage', events: ['BYO_PATH_ADDED', 'BYO_PATH_DELETED'], createdAt: '2025-10-12T12:30:00Z' },
];

const dataset = {
  $schema: '../common/schemas/dataset.schema.json',
  version: 1,
  components, tagDefinitions, tagApplications, contracts, dataAssets, subscriptions, apiKeys, webhooks, edges,
};
const text = `${JSON.stringify(dataset, null, 2)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try { current = readFileSync(out, 'utf8'); } catch { /* missing counts as stale */ }
  if (current !== text) {
    console.error('demo/dataset.json is stale: run node demo/build-dataset.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
