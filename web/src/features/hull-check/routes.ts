// The pages of this feature for the app's router, fetched when first shown (a chunk of their own);
// other features import public.ts.
import { lazyPage } from "@/lib/lazy-page";

export const HullCheckPage = lazyPage(() => import("@/features/hull-check/components/hull-check-page"), "HullCheckPage");
