// The certificates feature's public entry. Other code imports the feature only from here.

// The app's router: the public check behind the certificate's QR code.
export { VerifyCertificatePage } from "@/features/certificates/components/verify-certificate-page";
// The vessels feature: the owner's certificate download on the vessel's page.
export { CertificateDownloadButton } from "@/features/certificates/components/certificate-download-button";
