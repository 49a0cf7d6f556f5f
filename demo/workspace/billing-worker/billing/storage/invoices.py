"""Invoices are archived as JSON in the shop-events bucket."""
import json

import boto3

s3 = boto3.client("s3")
BUCKET = "shop-events"


def put_invoice(invoice: dict) -> None:
    key = f"invoices/{invoice['invoice_id']}.json"
    s3.put_object(Bucket=BUCKET, Key=key, Body=json.dumps(invoice).encode(), ContentType="application/json")
