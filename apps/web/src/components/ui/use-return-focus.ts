import { useRef } from "react";

/**
 * Radix gives focus back to a `Dialog.Trigger` on close; our dialogs are opened by ordinary buttons (a plan card's
 * "Details"), so without this focus fell on <body> and a keyboard user started again from the top of the page.
 * Spread the answer on `Dialog.Content`: on opening it notes the focused element (focus has not moved yet), on
 * closing it focuses it again when it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected || element === document.body) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
    },
  };
}
