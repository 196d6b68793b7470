// The landing feature's public entry. Other code imports the feature only from here.

// Payments: a settled registration changes the public statistics.
export { statsQueryOptions } from "@/features/landing/api/get-stats";
