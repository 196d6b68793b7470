import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/components/ui/button";

export type ConfirmButtonProps = Omit<ButtonProps, "asChild" | "onClick" | "title"> & {
  /** The dialog's heading, which names it for assistive technology. */
  title: ReactNode;
  /** What confirming does, read out with the title: one line, or a list of paragraphs. */
  description: ReactNode | readonly string[];
  /** The button that closes the dialog and does nothing. */
  cancelLabel: ReactNode;
  /** The button that closes the dialog and calls `onConfirm`. */
  confirmLabel: ReactNode;
  onConfirm: () => void;
};

/**
 * A button (its props and children are the trigger's) that asks first: an alert dialog with a
 * title, a description, Cancel and a confirming action. Focus starts on Cancel and returns to the
 * button when the dialog closes.
 */
export function ConfirmButton({
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  children,
  ...buttonProps
}: ConfirmButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button {...buttonProps}>{children}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {Array.isArray(description) ? (
            <AlertDialogDescription asChild>
              <div className="grid gap-2">
                {description.map((paragraph: string) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </AlertDialogDescription>
          ) : (
            <AlertDialogDescription>{description}</AlertDialogDescription>
          )}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
