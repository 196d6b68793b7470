// Short aliases for the generated OpenAPI schema types. Never hand-write these shapes:
// they come from the server's OpenAPI document via `npm run gen:api`.
import type { components } from "@/api/schema";

type Schemas = components["schemas"];

export type User = Schemas["User"];
export type RegisterRequest = Schemas["RegisterRequest"];
export type LoginRequest = Schemas["LoginRequest"];
export type VerifyEmailRequest = Schemas["VerifyEmailRequest"];
export type PasswordResetRequest = Schemas["PasswordResetRequest"];
export type PasswordResetConfirm = Schemas["PasswordResetConfirm"];
export type MessageResponse = Schemas["MessageResponse"];
export type ErrorBody = Schemas["ErrorBody"];
export type Profile = Schemas["Profile"];
export type Stats = Schemas["Stats"];
export type MailboxMessage = Schemas["MailboxMessage"];
export type Role = Schemas["Role"];
export type Channel = Schemas["Channel"];
export type IdentityVerificationStatus = Schemas["IdentityVerificationStatus"];
export type LocalizedText = Schemas["LocalizedText"];
export type IdentifierType = Schemas["IdentifierType"];
export type IdentifierConfig = Schemas["IdentifierConfig"];
export type CountryConfig = Schemas["CountryConfig"];
export type VesselStatus = Schemas["VesselStatus"];
export type VesselIdentifiers = Schemas["VesselIdentifiers"];
export type Vessel = Schemas["Vessel"];
export type VesselWarning = Schemas["Warning"];
export type CreatedVessel = Schemas["CreatedVessel"];
export type OwnershipEntry = Schemas["OwnershipEntry"];
export type VesselDetail = Schemas["VesselDetail"];
export type VesselPage = Schemas["VesselPage"];
export type CreateVesselRequest = Schemas["CreateVesselRequest"];
export type UpdateVesselRequest = Schemas["UpdateVesselRequest"];
export type PaymentsConfig = Schemas["PaymentsConfig"];
export type Purpose = Schemas["Purpose"];
export type PaymentStatus = Schemas["PaymentStatus"];
export type CreateIntentRequest = Schemas["CreateIntentRequest"];
export type CreatedIntent = Schemas["CreatedIntent"];
export type Payment = Schemas["Payment"];
export type LocalConfirmRequest = Schemas["LocalConfirmRequest"];
export type LocalConfirmResponse = Schemas["LocalConfirmResponse"];
