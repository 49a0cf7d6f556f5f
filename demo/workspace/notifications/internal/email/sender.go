package email

import (
	"context"
	"net/smtp"
)

// Message is one templated e-mail.
type Message struct {
	To       string
	Template string
	Vars     map[string]string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// SMTPSender renders the template and sends it through the relay.
type SMTPSender struct {
	Relay  string
	From   string
	Render func(template string, vars map[string]string) ([]byte, error)
}

func (s SMTPSender) Send(ctx context.Context, msg Message) error {
	body, err := s.Render(msg.Template, msg.Vars)
	if err != nil {
		return err
	}
	return smtp.SendMail(s.Relay, nil, s.From, []string{msg.To}, body)
}
