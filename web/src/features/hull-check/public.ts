// The hull-check feature's public entry. Other code imports the feature only from here.

// The transfer wizard's first step: what a buyer's hull check says of the vessel being sold.
export { BuyersHullCheck } from "@/features/hull-check/components/buyers-hull-check";
