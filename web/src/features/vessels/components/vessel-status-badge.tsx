import { useTranslation } from "react-i18next";
import type { VesselStatus } from "@/api/types";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const VARIANTS: Record<VesselStatus, BadgeProps["variant"]> = {
  pending_payment: "warning",
  active: "success",
  in_transfer: "secondary",
  deactivated: "destructive",
  needs_review: "warning",
};

/** 'Awaiting payment', 'Active', 'In transfer', 'Deactivated' or 'Under review'. */
export function VesselStatusBadge({ status }: { status: VesselStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANTS[status]}>{t(`vessel.status.${status}`)}</Badge>;
}
