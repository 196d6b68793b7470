// The pages of this feature for the app's router. Most are fetched when first shown (a chunk
// each), so the landing and registry pages load little; other features import public.ts.
import { lazyPage } from "@/lib/lazy-page";

export const HowTransfersWorkPage = lazyPage(
  () => import("@/features/transfers/components/how-transfers-work-page"),
  "HowTransfersWorkPage",
);
export const ReleaseReceiptPage = lazyPage(
  () => import("@/features/transfers/components/release-receipt-page"),
  "ReleaseReceiptPage",
);
export const TransferPaymentReturnPage = lazyPage(
  () => import("@/features/transfers/components/transfer-payment-return-page"),
  "TransferPaymentReturnPage",
);
