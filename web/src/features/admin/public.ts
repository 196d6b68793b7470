// The admin console's public entry: what the app (router) uses. Other code imports the feature only from here.
export { AdminPage } from "@/features/admin/components/admin-page";
