import type { CreatedIntent } from "@/api/types";

// The props every card form takes; its own module so the forms and the
// component that picks one do not import each other.
export type PaymentFormProps = {
  intent: CreatedIntent;
  /** Absolute URL on this site the provider sends the browser back to after a redirect. */
  returnUrl: string;
  /** The provider accepted the payment: wait for the server's word before celebrating. */
  onConfirmed: () => void;
  /** Declined or failed, with the provider's message. */
  onFailed: (message: string) => void;
  disabled?: boolean;
};
