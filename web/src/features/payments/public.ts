// The payments feature's public entry: what the registration and transfer wizards use to take and
// follow a payment. Other code imports the feature only from here. Payments knows no other feature:
// what a successful fee changes is for the caller to say (useSettledPayment's onSucceeded).
export { useCreatePaymentIntent } from "@/features/payments/api/create-payment-intent";
export { PaymentForm } from "@/features/payments/components/payment-form";
export { useSettledPayment, type SettledPaymentHandlers } from "@/features/payments/hooks/use-settled-payment";
