package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/shop/notifications/internal/email"
	"github.com/shop/notifications/internal/sms"
)

// PaymentSettled is the payment-settled event published by billing-worker.
type PaymentSettled struct {
	OrderID       string `json:"order_id"`
	CustomerEmail string `json:"customer_email"`
	AmountCents   int64  `json:"amount_cents"`
	Status        string `json:"status"`
}

// HandlePaymentSettled texts declined payments and mails a receipt for settled ones.
func HandlePaymentSettled(ctx context.Context, raw []byte, mail email.Sender, texts sms.Sender, phoneOf func(string) (string, bool)) error {
	var ev PaymentSettled
	if err := json.Unmarshal(raw, &ev); err != nil {
		return err
	}
	if ev.Status == "DECLINED" {
		// Only customers who opted in to SMS have a phone on file.
		if phone, ok := phoneOf(ev.CustomerEmail); ok {
			return texts.Send(ctx, sms.Message{To: phone, Body: fmt.Sprintf("Payment for order %s was declined.", ev.OrderID)})
		}
		return nil
	}
	receipt := email.Message{
		To:       ev.CustomerEmail,
		Template: "payment-receipt",
		Vars:     map[string]string{"order_id": ev.OrderID, "amount": fmt.Sprintf("%.2f", float64(ev.AmountCents)/100)},
	}
	return mail.Send(ctx, receipt)
}
