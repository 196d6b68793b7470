// The certificates feature's public entry. Other code imports the feature only from here.

// The vessels feature: the owner's certificate download on the vessel's page.
export { CertificateDownloadButton } from "@/features/certificates/components/certificate-download-button";
