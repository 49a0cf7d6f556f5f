"""POST /charges: card charges requested by checkout-api."""
from fastapi import APIRouter
from pydantic import BaseModel, EmailStr

from billing.events import publish_payment_settled
from billing.payments.gateway import authorize
from billing.payments.vault import tokenize_card

router = APIRouter()

# Above this amount the gateway must run 3-D Secure.
THREE_DS_THRESHOLD_CENTS = 25_000


class ChargeRequest(BaseModel):
    order_id: str
    card_number: str
    billing_email: EmailStr
    amount_cents: int


@router.post("/charges")
async def create_charge(charge: ChargeRequest) -> dict:
    card_token = await tokenize_card(charge.card_number, charge.billing_email)
    result = await authorize(
        pan=charge.card_number,
        amount=charge.amount_cents,
        reference=charge.order_id,
        three_ds_required=charge.amount_cents > THREE_DS_THRESHOLD_CENTS,
    )
    await publish_payment_settled(
        order_id=charge.order_id,
        customer_email=charge.billing_email,
        amount_cents=charge.amount_cents,
        card_token=card_token,
        approved=result.approved,
    )
    return {"approved": result.approved, "chargeId": result.charge_id}
