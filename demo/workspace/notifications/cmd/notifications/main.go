package main

import (
	"context"
	"log"
	"os"

	"github.com/segmentio/kafka-go"

	"github.com/shop/notifications/internal/consumer"
	"github.com/shop/notifications/internal/email"
	"github.com/shop/notifications/internal/sms"
)

func main() {
	ctx := context.Background()
	brokers := []string{os.Getenv("KAFKA_BROKERS")}
	mail := email.SMTPSender{Relay: os.Getenv("SMTP_RELAY"), From: "orders@shop.example"}
	texts := sms.HTTPSender{Endpoint: os.Getenv("SMS_ENDPOINT")}
	phones := func(string) (string, bool) { return "", false } // the phone book is wired in later

	orders := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "notifications", Topic: "order-created"})
	payments := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "notifications", Topic: "payment-settled"})

	go func() {
		for {
			m, err := payments.ReadMessage(ctx)
			if err != nil {
				log.Fatal(err)
			}
			if err := consumer.HandlePaymentSettled(ctx, m.Value, mail, texts, phones); err != nil {
				log.Printf("payment-settled %s: %v", m.Key, err)
			}
		}
	}()
	for {
		m, err := orders.ReadMessage(ctx)
		if err != nil {
			log.Fatal(err)
		}
		if err := consumer.HandleOrderCreated(ctx, m.Value, mail); err != nil {
			log.Printf("order-created %s: %v", m.Key, err)
		}
	}
}
