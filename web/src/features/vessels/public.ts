// The vessels feature's public entry. Other code imports the feature only from here.

// The app's router.
export { DashboardPage } from "@/features/vessels/components/dashboard-page";
export { RegistrySearchPage } from "@/features/vessels/components/registry-search-page";
export { VesselDetailPage } from "@/features/vessels/components/vessel-detail-page";
export { TransferPage } from "@/features/vessels/components/transfer-page";
export { UploadDocumentsPage } from "@/features/vessels/components/upload-documents-page";
// The registration wizard (register-vessel): the vessel being paid for and its flag.
export { useVessel } from "@/features/vessels/api/get-vessel";
export { CountryLabel } from "@/features/vessels/components/country-label";
// Payments: a settled payment refreshes every cached view of the vessel.
export { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
export { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
export { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
