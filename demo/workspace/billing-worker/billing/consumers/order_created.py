"""Consumes order-created and files an invoice for every order."""
import json
import os

from confluent_kafka import Consumer

from billing.storage.invoices import put_invoice

consumer = Consumer({
    "bootstrap.servers": os.environ.get("KAFKA_BROKERS", "localhost:9092"),
    "group.id": "billing-invoices",
    "auto.offset.reset": "earliest",
})


def handle_order_created(event: dict) -> None:
    customer = event["customer"]
    shipping = event["shipping"]
    invoice = {
        "invoice_id": f"INV-{event['orderId']}",
        "order_id": event["orderId"],
        "billing_email": customer["email"],
        "bill_to": {"name": customer["fullName"], "city": shipping["city"], "country": shipping["country"]},
        "total_cents": event["totalCents"],
        # Order attributes become invoice tags (e.g. vat_id=DE123, channel=mobile).
        "tags": {a["key"]: a["value"] for a in event.get("attributes", [])},
    }
    put_invoice(invoice)


def run() -> None:
    consumer.subscribe(["order-created"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        handle_order_created(json.loads(msg.value()))
        consumer.commit(msg)
