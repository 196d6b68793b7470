// The placeholder pages' public entry: what the app (router) uses. Other code imports the feature only from here.
export { NotFoundPage } from "@/features/placeholders/components/not-found-page";
