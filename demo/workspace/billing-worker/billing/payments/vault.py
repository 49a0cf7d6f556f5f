"""Card vault: swaps a card number for a reusable token so it is never stored."""
import os

import httpx

VAULT_URL = os.environ.get("VAULT_URL", "http://card-vault:8200")


async def tokenize_card(card_number: str, owner_email: str) -> str:
    async with httpx.AsyncClient(timeout=5) as client:
        resp = await client.post(f"{VAULT_URL}/tokens", json={"pan": card_number, "owner": owner_email})
        resp.raise_for_status()
        return resp.json()["token"]
