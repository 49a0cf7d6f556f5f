"""Client of the external payment gateway."""
import os
from dataclasses import dataclass

import httpx

GATEWAY_URL = os.environ.get("GATEWAY_URL", "https://api.paygate.example/v2")


@dataclass
class AuthorizeResult:
    approved: bool
    charge_id: str


async def authorize(pan: str, amount: int, reference: str, three_ds_required: bool) -> AuthorizeResult:
    async with httpx.AsyncClient(timeout=10) as client:
        resp = await client.post(
            f"{GATEWAY_URL}/authorizations",
            json={"pan": pan, "amount": amount, "reference": reference, "three_ds": three_ds_required},
        )
        resp.raise_for_status()
        body = resp.json()
    return AuthorizeResult(approved=body["status"] == "APPROVED", charge_id=body["id"])
