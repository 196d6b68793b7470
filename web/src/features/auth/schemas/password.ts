import { z } from "@/lib/zod";

// New passwords follow the hint "Minimum 8 characters", which the server enforces.
export const newPasswordSchema = z.string().min(8, { error: "validation.passwordMin8" });
