import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { CertificateCheck, PublicKey, TransferRecordCheck } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/certificates/{serial} -> {valid, serial, platformId, issuedAt, status, vessel,
 * signedData, signature}: whether the registry's signature over the certificate's data holds,
 * and whether it is still `current`, `superseded` (ownership changed since) or `revoked`. Public
 * and without owner identity; 404 for a serial never issued, 400 for one of the wrong shape.
 */
export function getCertificateCheck(serial: string, signal?: AbortSignal): Promise<CertificateCheck> {
  return apiFetch<CertificateCheck>(`/api/certificates/${encodeURIComponent(serial)}`, { signal });
}

export const certificateCheckQueryOptions = (serial: string) =>
  queryOptions({
    queryKey: ["/api/certificates", serial],
    queryFn: ({ signal }) => getCertificateCheck(serial, signal),
    // Its status changes with the vessel's ownership: check afresh each time.
    staleTime: 0,
  });

export function useCertificateCheck(serial: string) {
  return useQuery(certificateCheckQueryOptions(serial));
}

/** Where anyone reads the registry's public key (raw base64 and PEM). */
export const PUBLIC_KEY_PATH = "/api/certificates/public-key";

/**
 * GET /api/certificates/{serial}?ownerName=… -> the same check, with `ownerNameMatches` (case and
 * spacing aside) and, only when it matches, `ownerName` as certified.
 */
export function checkOwnerName(serial: string, ownerName: string): Promise<CertificateCheck> {
  const query = new URLSearchParams({ ownerName });
  return apiFetch<CertificateCheck>(`/api/certificates/${encodeURIComponent(serial)}?${query}`);
}

export function useCheckOwnerName(serial: string) {
  return useMutation({ mutationFn: (ownerName: string) => checkOwnerName(serial, ownerName) });
}

/** GET /api/certificates/public-key -> the registry's Ed25519 key, raw (base64) and PEM. */
export function usePublicKey(enabled: boolean) {
  return useQuery({
    queryKey: [PUBLIC_KEY_PATH],
    queryFn: ({ signal }) => apiFetch<PublicKey>(PUBLIC_KEY_PATH, { signal }),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * GET /api/transfer-records/{serial} -> what a transfer record says (vessel, when it changed
 * hands, the sale price, the certificates either side) and whether the registry's signature over it
 * holds. No names. 404 for a serial never issued.
 */
export function useTransferRecordCheck(serial: string) {
  return useQuery({
    queryKey: ["/api/transfer-records", serial],
    queryFn: ({ signal }) => apiFetch<TransferRecordCheck>(`/api/transfer-records/${encodeURIComponent(serial)}`, { signal }),
  });
}

/** Whether a typed serial is a transfer record's (`ESTR-…`) rather than a certificate's. */
export function isTransferRecordSerial(serial: string): boolean {
  return /^\s*estr/i.test(serial);
}
