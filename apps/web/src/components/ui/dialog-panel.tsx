import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n.ts";
import { CloseIcon } from "./icons.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

interface DialogPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** A centred dialog for content (the desktop twin of the bottom sheet): title, close button, scrolling body. */
export function DialogPanel({ open, onOpenChange, title, footer, children }: DialogPanelProps) {
  const t = useT();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-900/50 p-4 backdrop-blur-[2px]">
          <Dialog.Content
            aria-describedby={undefined}
            {...returnFocus}
            className="flex max-h-[calc(100dvh-2rem)] w-full max-w-lg flex-col rounded-2xl bg-white shadow-xl focus:outline-none"
          >
            <div className="flex items-start gap-3 px-6 pt-5 pb-3">
              <Dialog.Title className="min-w-0 flex-1 pt-2 text-xl font-semibold text-slate-900">{title}</Dialog.Title>
              <Dialog.Close
                className="grid size-11 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600"
                aria-label={t("common.close")}
              >
                <CloseIcon className="size-5" />
              </Dialog.Close>
            </div>
            <ScrollRegion label={title} className="px-6 pb-5">
              {children}
            </ScrollRegion>
            {footer ? <div className="border-t border-slate-200 px-6 py-4">{footer}</div> : null}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
