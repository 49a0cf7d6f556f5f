package consumer

import (
	"context"
	"encoding/json"

	"github.com/shop/notifications/internal/email"
)

// OrderCreated is the order-created event published by checkout-api.
type OrderCreated struct {
	OrderID  string `json:"orderId"`
	Customer struct {
		Email    string `json:"email"`
		FullName string `json:"fullName"`
	} `json:"customer"`
	TotalCents int64 `json:"totalCents"`
}

// HandleOrderCreated sends the order confirmation e-mail.
func HandleOrderCreated(ctx context.Context, raw []byte, sender email.Sender) error {
	var ev OrderCreated
	if err := json.Unmarshal(raw, &ev); err != nil {
		return err
	}
	msg := email.Message{
		To:       ev.Customer.Email,
		Template: "order-confirmation",
		Vars: map[string]string{
			"customer_name": ev.Customer.FullName,
			"order_id":      ev.OrderID,
		},
	}
	return sender.Send(ctx, msg)
}
