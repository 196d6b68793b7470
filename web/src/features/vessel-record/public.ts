// The value & maintenance record's public entry. Other code imports the feature only from here.
import { lazyPart } from "@/lib/lazy-part";

// The vessels feature: the owner's record and its PDF on the vessel's page. The record is fetched
// when first shown (lazyPart), so a visitor's page does not carry its forms.
export const VesselRecordSection = lazyPart(
  () => import("@/features/vessel-record/components/vessel-record-section"),
  "VesselRecordSection",
);
export { RecordPdfButton } from "@/features/vessel-record/components/record-pdf-button";
