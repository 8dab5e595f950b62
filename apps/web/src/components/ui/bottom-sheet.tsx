import * as Dialog from "@radix-ui/react-dialog";
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n.ts";
import { CloseIcon } from "./icons.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import { useReturnFocus } from "./use-return-focus.ts";

/** Where the sheet stands: off screen, at its snap point (part of the screen), or full screen. */
export type SheetState = "closed" | "snap" | "full";

/** A drag longer than this changes the state. */
export const SHEET_DRAG_THRESHOLD_PX = 36;
/** Every move of the sheet takes this long. */
export const SHEET_ANIMATION_MS = 300;

export interface SheetRules {
  /** The sheet has a snap point (a resting height below full screen). */
  hasSnapPoint: boolean;
  /** Dragging up from the snap point may make the sheet full screen. */
  isFullscreenAllowed: boolean;
  /** Dragging down (or pressing the backdrop) never closes it. */
  isPersistent: boolean;
}

/**
 * The state after a drag of `dragY` pixels (positive: downwards) that started in `current`, with these rules: down from full goes to snap if there is one, else closes unless persistent; down
 * from snap closes unless persistent; up from snap goes full if allowed. A drag of 36 px or less changes nothing.
 */
export function nextSheetState(current: Exclude<SheetState, "closed">, dragY: number, rules: SheetRules): SheetState {
  if (Math.abs(dragY) <= SHEET_DRAG_THRESHOLD_PX) return current;
  if (dragY > 0) {
    if (current === "full" && rules.hasSnapPoint) return "snap";
    return rules.isPersistent ? current : "closed";
  }
  return current === "snap" && rules.isFullscreenAllowed ? "full" : current;
}

interface BottomSheetProps extends Partial<SheetRules> {
  open: boolean;
  /** Called with false once the closing animation has run. */
  onOpenChange: (open: boolean) => void;
  /** Names the dialog. */
  title: string;
  description?: string;
  /** The state it opens in; by default the snap point, or full screen without one. */
  initialState?: Exclude<SheetState, "closed">;
  /** Height at the snap point (any CSS length). */
  snapHeight?: string;
  onStateChange?: (state: SheetState) => void;
  /** Stays at the bottom of the sheet (the main action). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The bottom-sheet modal: closed / snap / full, moved by dragging its handle (pointer events, any input) or by
 * pressing the handle (keyboard), 300 ms per move. A Radix dialog underneath: named by its title, focus
 * trapped, Escape and the close button close it (persistent only stops drag and backdrop closing).
 */
export function BottomSheet({
  open,
  onOpenChange,
  title,
  description,
  hasSnapPoint = true,
  isFullscreenAllowed = true,
  isPersistent = false,
  initialState,
  snapHeight = "60dvh",
  onStateChange,
  footer,
  children,
}: BottomSheetProps) {
  const t = useT();
  const returnFocus = useReturnFocus();
  const rules: SheetRules = { hasSnapPoint, isFullscreenAllowed, isPersistent };
  const openingState = initialState ?? (hasSnapPoint ? "snap" : "full");
  const [isRendered, setIsRendered] = useState(open);
  const [state, setState] = useState<SheetState>(open ? openingState : "closed");
  const [dragY, setDragY] = useState<number | null>(null);
  const dragStart = useRef<{ pointerId: number; y: number; hasMoved: boolean } | null>(null);
  // The click that ends a drag on the handle is not a press.
  const isClickSuppressed = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ onOpenChange, onStateChange, openingState });
  latest.current = { onOpenChange, onStateChange, openingState };

  const moveTo = (next: SheetState) => {
    setState(next);
    latest.current.onStateChange?.(next);
  };

  /** Slides the sheet away, then unmounts it and tells the owner. */
  const close = () => {
    if (closeTimer.current) return;
    moveTo("closed");
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      setIsRendered(false);
      latest.current.onOpenChange(false);
    }, SHEET_ANIMATION_MS);
  };

  // The owner opens it, or closes it from outside (navigation): the same slide either way.
  useEffect(() => {
    if (open) {
      if (closeTimer.current) clearTimeout(closeTimer.current);
      closeTimer.current = null;
      setIsRendered(true);
      setState(latest.current.openingState);
      latest.current.onStateChange?.(latest.current.openingState);
      return;
    }
    setState("closed");
    const timer = setTimeout(() => setIsRendered(false), SHEET_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || state === "closed") return;
    dragStart.current = { pointerId: event.pointerId, y: event.clientY, hasMoved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragY(0);
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = dragStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const distance = event.clientY - start.y;
    if (Math.abs(distance) > 4) start.hasMoved = true;
    setDragY(distance);
  };
  const handlePointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const start = dragStart.current;
    if (!start || start.pointerId !== event.pointerId || state === "closed") return;
    dragStart.current = null;
    if (start.hasMoved) {
      isClickSuppressed.current = true;
      setTimeout(() => {
        isClickSuppressed.current = false;
      }, 0);
    }
    setDragY(null);
    const next = nextSheetState(state, event.clientY - start.y, rules);
    if (next === "closed") close();
    else if (next !== state) moveTo(next);
  };

  // A press on the handle (keyboard, or a tap without a drag) toggles between snap and full.
  const canExpand = state === "snap" && isFullscreenAllowed;
  const canCollapse = state === "full" && hasSnapPoint;
  const toggle = () => {
    if (isClickSuppressed.current) return;
    if (canExpand) moveTo("full");
    else if (canCollapse) moveTo("snap");
  };

  const offset = dragY === null ? 0 : dragY > 0 ? dragY : 0;
  return (
    <Dialog.Root
      open={isRendered}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          data-sheet-state={state}
          className="fixed inset-0 z-50 bg-slate-900/50 transition-opacity duration-300 data-[sheet-state=closed]:opacity-0 starting:opacity-0 motion-reduce:transition-none"
        />
        <Dialog.Content
          data-sheet-state={state}
          data-dragging={dragY === null ? undefined : ""}
          {...returnFocus}
          onInteractOutside={(event) => {
            if (isPersistent) event.preventDefault();
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
          style={{
            height: state === "full" ? "100dvh" : snapHeight,
            transform: state === "closed" ? "translateY(100%)" : `translateY(${offset}px)`,
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-dvh flex-col rounded-t-3xl bg-white shadow-2xl transition-[height,transform] duration-300 ease-out focus:outline-none starting:translate-y-full data-dragging:transition-none data-[sheet-state=full]:rounded-none motion-reduce:transition-none"
        >
          <div
            className="touch-none select-none px-4 pt-2"
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerEnd}
            onPointerCancel={handlePointerEnd}
          >
            <button
              type="button"
              onClick={toggle}
              aria-label={canCollapse ? t("sheet.collapse") : t("sheet.expand")}
              aria-expanded={state === "full"}
              disabled={!canExpand && !canCollapse}
              className="mx-auto flex h-6 w-full max-w-24 cursor-grab items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-brand-600 disabled:cursor-grab"
            >
              <span className="block h-1.5 w-12 rounded-full bg-slate-300" />
            </button>
            <div className="flex items-start gap-3 pb-3">
              <Dialog.Title className="min-w-0 flex-1 pt-2 text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              <Dialog.Close
                className="grid size-11 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600"
                aria-label={t("common.close")}
              >
                <CloseIcon className="size-5" />
              </Dialog.Close>
            </div>
            {description ? (
              <Dialog.Description className="-mt-2 pb-3 text-sm text-slate-600">{description}</Dialog.Description>
            ) : null}
          </div>
          <ScrollRegion label={title} className="overscroll-contain px-4 pb-4">
            {children}
          </ScrollRegion>
          {footer ? (
            <div className="border-t border-slate-200 px-4 pt-3 pb-[max(env(safe-area-inset-bottom),0.75rem)]">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
