import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect } from "react";
import { type MessageId, useT } from "../../lib/i18n.ts";
import { Button, type ButtonVariant } from "./button.tsx";
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoIcon, WarningIcon } from "./icons.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

export type ModalType = "success" | "error" | "warning" | "info";

/** Success modals close themselves after this delay. */
export const SUCCESS_AUTO_CLOSE_MS = 3000;

export interface ModalAction {
  label: string;
  onClick: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
  isLoading?: boolean;
}

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message?: ReactNode;
  type?: ModalType;
  primaryAction?: ModalAction;
  secondaryAction?: ModalAction;
  /** Extra content between the message and the buttons (a confirmation field…). */
  children?: ReactNode;
  /** False: no close button, Escape and the backdrop do nothing; only the modal's own buttons act. */
  isDismissable?: boolean;
}

const TYPE_STYLES: Record<ModalType, { icon: typeof InfoIcon; classes: string; labelId: MessageId }> = {
  success: { icon: CheckCircleIcon, classes: "bg-emerald-50 text-emerald-700", labelId: "modal.type.success" },
  error: { icon: ErrorCircleIcon, classes: "bg-red-50 text-red-700", labelId: "modal.type.error" },
  warning: { icon: WarningIcon, classes: "bg-amber-50 text-amber-700", labelId: "modal.type.warning" },
  info: { icon: InfoIcon, classes: "bg-brand-50 text-brand-700", labelId: "modal.type.info" },
};

/**
 * The generic modal: icon by type, title, message,
 * optional buttons, a close button; backdrop click and Escape close it, focus
 * stays inside while open (Radix Dialog).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  message,
  type = "info",
  primaryAction,
  secondaryAction,
  children,
  isDismissable = true,
}: ModalProps) {
  const t = useT();
  const { icon: TypeIcon, classes, labelId } = TYPE_STYLES[type];
  const returnFocus = useReturnFocus();

  useEffect(() => {
    if (!open || type !== "success") return;
    const timer = setTimeout(() => onOpenChange(false), SUCCESS_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, type, onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Content sits inside the overlay: a press on the overlay is outside the dialog and closes it. */}
        <Dialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-900/50 p-4 backdrop-blur-[2px]">
          <Dialog.Content
            className="relative w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl focus:outline-none"
            {...(message ? {} : { "aria-describedby": undefined })}
            {...returnFocus}
            onEscapeKeyDown={(event) => {
              if (!isDismissable) event.preventDefault();
            }}
            onInteractOutside={(event) => {
              if (!isDismissable) event.preventDefault();
            }}
          >
            {isDismissable ? (
              <Dialog.Close
                className="absolute end-3 top-3 grid size-11 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600"
                aria-label={t("common.close")}
              >
                <CloseIcon className="size-5" />
              </Dialog.Close>
            ) : null}
            <div className={`mx-auto mb-4 grid size-14 place-items-center rounded-full ${classes}`}>
              <TypeIcon className="size-7" role="img" aria-hidden={undefined} aria-label={t(labelId)} />
            </div>
            <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
            {message ? (
              <Dialog.Description className="mt-2 text-base text-slate-600">{message}</Dialog.Description>
            ) : null}
            {children ? <div className="mt-4 text-start">{children}</div> : null}
            {primaryAction || secondaryAction ? (
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
                {secondaryAction ? (
                  <Button
                    variant={secondaryAction.variant ?? "secondary"}
                    onClick={secondaryAction.onClick}
                    disabled={secondaryAction.disabled}
                    className="sm:flex-1"
                  >
                    {secondaryAction.label}
                  </Button>
                ) : null}
                {primaryAction ? (
                  <Button
                    variant={primaryAction.variant ?? "primary"}
                    onClick={primaryAction.onClick}
                    disabled={primaryAction.disabled}
                    isLoading={primaryAction.isLoading}
                    className="sm:flex-1"
                  >
                    {primaryAction.label}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmModalProps extends Omit<ModalProps, "primaryAction" | "secondaryAction"> {
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  isConfirming?: boolean;
  isConfirmDisabled?: boolean;
}

/** A question with Confirm and Cancel (translated defaults); Cancel closes. */
export function ConfirmModal({
  onConfirm,
  confirmLabel,
  cancelLabel,
  confirmVariant = "primary",
  isConfirming = false,
  isConfirmDisabled = false,
  type = "warning",
  ...props
}: ConfirmModalProps) {
  const t = useT();
  return (
    <Modal
      {...props}
      type={type}
      primaryAction={{
        label: confirmLabel ?? t("common.confirm"),
        onClick: onConfirm,
        variant: confirmVariant,
        isLoading: isConfirming,
        disabled: isConfirmDisabled,
      }}
      secondaryAction={{ label: cancelLabel ?? t("common.cancel"), onClick: () => props.onOpenChange(false) }}
    />
  );
}
