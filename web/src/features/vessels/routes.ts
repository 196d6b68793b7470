// The pages of this feature for the app's router. Most are fetched when first shown (a chunk
// each), so the landing and registry pages load little; other features import public.ts.
import { lazyPage } from "@/lib/lazy-page";

export const DashboardPage = lazyPage(() => import("@/features/vessels/components/dashboard-page"), "DashboardPage");
export const VesselDetailPage = lazyPage(() => import("@/features/vessels/components/vessel-detail-page"), "VesselDetailPage");
export const TransferPage = lazyPage(() => import("@/features/vessels/components/transfer-page"), "TransferPage");
export { RegistrySearchPage } from "@/features/vessels/components/registry-search-page";
export const UploadDocumentsPage = lazyPage(
  () => import("@/features/vessels/components/upload-documents-page"),
  "UploadDocumentsPage",
);
