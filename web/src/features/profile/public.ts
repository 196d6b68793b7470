// The profile feature's public entry: what the app (router) uses. Other code imports the feature only from here.
export { ProfilePage } from "@/features/profile/components/profile-page";
