// Short path labels of the Components view: last segments, lengthened only where siblings collide.
import { strict as assert } from 'node:assert';
import {
  pathDocumentLabel,
  pathLabel,
  pathSidesOf,
  shortPathSides,
  shortSignature,
} from '../../common/src/pathLabels';

const labels = (paths: [string, string][]) =>
  shortPathSides(paths.map(([ingress, egress]) => ({ ingress, egress }))).map(pathLabel);

describe('path labels', () => {
  it('shortens dotted, slashed and member signatures to their last segment', () => {
    assert.equal(shortSignature('com.shop.checkout.OrderHandler.createOrder'), 'createOrder');
    assert.equal(shortSignature('github.com/shop/notifications/internal/email.SMTPSender.Send'), 'Send');
    assert.equal(
      shortSignature('github.com/shop/notifications/internal/email.SMTPSender.Send', 2),
      'SMTPSender.Send',
    );
    assert.equal(shortSignature('Foo::bar'), 'bar');
    assert.equal(shortSignature('pkg.(*Sender).Send', 2), '*Sender.Send');
    assert.equal(shortSignature('plain'), 'plain');
  });

  it('labels each path "ingress → egress" by last segments when they are distinct', () => {
    assert.deepEqual(
      labels([
        ['com.shop.checkout.OrderHandler.createOrder', 'com.shop.checkout.db.OrdersRepository.insertOrder'],
        ['com.shop.checkout.OrderHandler.createOrder', 'com.shop.checkout.clients.BillingClient.chargeCard'],
      ]),
      ['createOrder → insertOrder', 'createOrder → chargeCard'],
    );
  });

  it('adds segments only to the side that tells colliding siblings apart', () => {
    assert.deepEqual(
      labels([
        ['x.consumer.HandlePaymentSettled', 'x/internal/sms.HTTPSender.Send'],
        ['x.consumer.HandlePaymentSettled', 'x/internal/email.SMTPSender.Send'],
        ['x.consumer.HandleOrderCreated', 'x/internal/email.SMTPSender.Send'],
      ]),
      [
        'HandlePaymentSettled → HTTPSender.Send',
        'HandlePaymentSettled → SMTPSender.Send',
        'HandleOrderCreated → Send',
      ],
    );
    // Differences further up the signature: as many segments as needed.
    assert.deepEqual(
      labels([
        ['a.x.f', 'a.x.g'],
        ['b.x.f', 'a.x.g'],
      ]),
      ['a.x.f → g', 'b.x.f → g'],
    );
  });

  it('keeps equal labels for equal signatures (a scan path and its override)', () => {
    assert.deepEqual(
      labels([
        ['a.b.f', 'a.b.g'],
        ['a.b.f', 'a.b.g'],
      ]),
      ['f → g', 'f → g'],
    );
  });
});

describe('path labels: one function both sides', () => {
  const handler = 'com.shop.checkout.OrderHandler.createOrder';

  it('names a handler by what it puts out, never "createOrder → createOrder"', () => {
    assert.equal(
      pathDocumentLabel({
        ingress: { signature_name: handler, payload_name: 'CreateOrderRequest' },
        egress: { signature_name: handler, payload_name: 'OrderConfirmation' },
      }),
      'createOrder → OrderConfirmation',
    );
    assert.equal(
      pathDocumentLabel({ ingress: { signature_name: handler }, egress: { signature_name: handler } }),
      'createOrder, in → out',
    );
    assert.equal(
      pathLabel(
        shortPathSides([
          pathSidesOf({
            ingress: { signature_name: handler, payload_name: 'In' },
            egress: { signature_name: handler, payload_name: 'createOrder' },
          }),
        ])[0]!,
      ),
      'createOrder, in → out',
      'a payload named like the function says nothing more',
    );
  });

  it('lengthens two different functions that end alike until they read apart', () => {
    assert.deepEqual(labels([[handler, 'com.shop.checkout.clients.OrderClient.createOrder']]), [
      'OrderHandler.createOrder → OrderClient.createOrder',
    ]);
  });
});
