// The payments feature's public entry: what the registration and transfer wizards use to take and
// follow a payment. Other code imports the feature only from here. Payments knows no other feature:
// what a successful fee changes is for the caller to say (useSettledPayment's onSucceeded).
export { CardPaymentPanel } from "@/features/payments/components/card-payment-panel";
export { useCardPayment, type CardPayment } from "@/features/payments/hooks/use-card-payment";
export { useSettledPayment, type SettledPaymentHandlers } from "@/features/payments/hooks/use-settled-payment";
