package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Message is one text message.
type Message struct {
	To   string `json:"to"`
	Body string `json:"body"`
}

// Sender delivers text messages.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// HTTPSender posts to the SMS provider's API.
type HTTPSender struct{ Endpoint string }

func (s HTTPSender) Send(ctx context.Context, msg Message) error {
	payload, _ := json.Marshal(msg)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.Endpoint, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
