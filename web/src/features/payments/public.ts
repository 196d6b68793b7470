// The payments feature's public entry: what the registration wizard (register-vessel) uses to take
// and follow a payment. Other code imports the feature only from here.
export { useCreatePaymentIntent } from "@/features/payments/api/create-payment-intent";
export { PaymentForm } from "@/features/payments/components/payment-form";
export { useSettledPayment } from "@/features/payments/hooks/use-settled-payment";
