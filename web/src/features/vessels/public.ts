// The vessels feature's public entry. Other code imports the feature only from here.

// The registration wizard (register-vessel): the vessel being paid for and its flag.
export { useVessel } from "@/features/vessels/api/get-vessel";
export { CountryLabel } from "@/features/vessels/components/country-label";
// The registration wizard's optional description (type, hull, home port, engines), asked as 'Edit
// particulars' asks it later.
export { DescriptionFields } from "@/features/vessels/components/description-fields";
export {
  descriptionDefaults,
  descriptionIssues,
  descriptionShape,
  toDescription,
  type DescriptionValues,
} from "@/features/vessels/schemas/particulars";
// Payments: a settled payment refreshes every cached view of the vessel (and the admin console a
// corrected one).
export { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
export { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
export { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
// The build's prerender (app/prerender.tsx): a vessel's page with places for what the server writes in.
export { PREVIEW_SLOTS, prerenderWithPreview, type VesselPreview } from "@/features/vessels/api/vessel-preview";
// A certificate's check (certificates) says a vessel is reported stolen as its page does.
export { StolenNotice } from "@/features/vessels/components/stolen-notice";
// The hull check (hull-check) says a vessel is reported stolen or encumbered as its page does, and
// the transfer wizard's short form of it as the vessel's card does.
export { StolenBadge } from "@/features/vessels/components/stolen-notice";
export { EncumberedBadge, EncumberedNoticeByPlatformId } from "@/features/vessels/components/encumbered-notice";
