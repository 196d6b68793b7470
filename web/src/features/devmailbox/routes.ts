// The pages of this feature for the app's router. Most are fetched when first shown (a chunk
// each), so the landing and registry pages load little; other features import public.ts.
import { lazyPage } from "@/lib/lazy-page";

export const MailboxPage = lazyPage(() => import("@/features/devmailbox/components/mailbox-page"), "MailboxPage");
