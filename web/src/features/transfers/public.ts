// The transfers feature's public entry. Other code imports the feature only from here. Transfers
// knows no vessel query: whoever shows a vessel passes `onChanged` to refresh it.
import { lazyPart } from "@/lib/lazy-part";

// The vessels feature: the wizard on /transfer/{vesselId} once the vessel is found, the dashboard's
// transfers and count, and the owner's open transfer on the vessel's page. The wizard, the list
// and the panel are fetched when first shown (lazyPart), so pages that show none of them do not
// carry their forms and dialogs.
export const TransferWizard = lazyPart(() => import("@/features/transfers/components/transfer-wizard"), "TransferWizard");
export const TransfersSection = lazyPart(() => import("@/features/transfers/components/transfers-section"), "TransfersSection");
export { useOpenTransfersCount } from "@/features/transfers/api/get-transfers";
export const OpenTransferPanel = lazyPart(
  () => import("@/features/transfers/components/open-transfer-panel"),
  "OpenTransferPanel",
);
