// The transfers feature's public entry. Other code imports the feature only from here. Transfers
// knows no vessel query: whoever shows a vessel passes `onChanged` to refresh it.

// The vessels feature: the wizard on /transfer/{vesselId} once the vessel is found, the dashboard's
// transfers and count, and the owner's open transfer on the vessel's page.
export { TransferWizard } from "@/features/transfers/components/transfer-wizard";
export { TransfersSection } from "@/features/transfers/components/transfers-section";
export { useOpenTransfersCount } from "@/features/transfers/api/get-transfers";
export { OpenTransferPanel } from "@/features/transfers/components/open-transfer-panel";
