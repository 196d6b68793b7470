// The value & maintenance record's public entry. Other code imports the feature only from here.

// The vessels feature: the owner's record and its PDF on the vessel's page.
export { VesselRecordSection } from "@/features/vessel-record/components/vessel-record-section";
export { RecordPdfButton } from "@/features/vessel-record/components/record-pdf-button";
