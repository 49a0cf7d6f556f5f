"""Producer for the payment-settled topic."""
import json
import os

from confluent_kafka import Producer

_producer = Producer({"bootstrap.servers": os.environ.get("KAFKA_BROKERS", "localhost:9092")})


async def publish_payment_settled(order_id: str, customer_email: str, amount_cents: int, card_token: str, approved: bool) -> None:
    event = {
        "order_id": order_id,
        "customer_email": customer_email,
        "amount_cents": amount_cents,
        "card_token": card_token,
        "status": "SETTLED" if approved else "DECLINED",
    }
    _producer.produce("payment-settled", key=order_id, value=json.dumps(event))
    _producer.poll(0)
