import { useTranslation } from "react-i18next";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";
import { useToast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";

export const TOAST_DURATION_MS = 5000;

/** Renders queued toasts: 5 s each, swipe right past 50 px to dismiss, F8 focuses the region. */
export function ToastList() {
  const { t } = useTranslation();
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label={t("toast.label")}>
      {toasts.map(({ id, title, description, action, variant, open, onOpenChange, error }) => (
        <Toast key={id} variant={variant} open={open} onOpenChange={onOpenChange}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
            {/* A conflict is the registry's say against the reader's: they may want a person. */}
            {error instanceof ApiError && error.status === 409 ? (
              <ToastDescription>
                <a href="/contact" className="underline underline-offset-2">
                  {t("toast.contactRegistry")}
                </a>
              </ToastDescription>
            ) : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} label={t("toast.viewportLabel")} />
    </ToastProvider>
  );
}
