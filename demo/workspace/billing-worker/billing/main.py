"""Entry point: HTTP API plus the order-created consumer thread."""
import threading

from fastapi import FastAPI

from billing.api.charges import router as charges_router
from billing.consumers import order_created

app = FastAPI(title="billing-worker")
app.include_router(charges_router)

threading.Thread(target=order_created.run, daemon=True).start()
