// The registration wizard's public entry: what the app (router) uses. Other code imports the feature only from here.
export { RegisterVesselPage } from "@/features/register-vessel/components/register-vessel-page";
