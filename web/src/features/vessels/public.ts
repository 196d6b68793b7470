// The vessels feature's public entry. Other code imports the feature only from here.

// The registration wizard (register-vessel): the vessel being paid for and its flag.
export { useVessel } from "@/features/vessels/api/get-vessel";
export { CountryLabel } from "@/features/vessels/components/country-label";
// Payments: a settled payment refreshes every cached view of the vessel.
export { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
export { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
export { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
// The build's prerender (app/prerender.tsx): a vessel's page with places for what the server writes in.
export { PREVIEW_SLOTS, prerenderWithPreview, type VesselPreview } from "@/features/vessels/api/vessel-preview";
