import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import {
  BottomSheet,
  nextSheetState,
  SHEET_ANIMATION_MS,
  SHEET_DRAG_THRESHOLD_PX,
  type SheetRules,
  type SheetState,
} from "./bottom-sheet.tsx";

const rules = (overrides: Partial<SheetRules> = {}): SheetRules => ({
  hasSnapPoint: true,
  isFullscreenAllowed: true,
  isPersistent: false,
  ...overrides,
});

function Harness(props: Partial<SheetRules> & { initialState?: "snap" | "full"; onClosed?: () => void }) {
  const { onClosed, ...sheetProps } = props;
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open plan
      </button>
      <BottomSheet
        {...sheetProps}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClosed?.();
        }}
        title="Turkey 5 GB"
      >
        <p>Plan details</p>
        <button type="button">Choose this plan</button>
      </BottomSheet>
    </>
  );
}

const sheet = () => screen.getByRole("dialog", { name: "Turkey 5 GB" });
const sheetState = () => sheet().getAttribute("data-sheet-state") as SheetState;

/** Drags the handle area by `distance` px (positive: down) with pointer events, as a finger or mouse would. */
function drag(distance: number) {
  const handle = screen.getByRole("button", { name: /Expand|Collapse/ });
  const area = handle.parentElement as HTMLElement;
  fireEvent.pointerDown(area, { pointerId: 1, button: 0, clientY: 400 });
  fireEvent.pointerMove(area, { pointerId: 1, clientY: 400 + distance / 2 });
  fireEvent.pointerMove(area, { pointerId: 1, clientY: 400 + distance });
  fireEvent.pointerUp(area, { pointerId: 1, clientY: 400 + distance });
}

describe("nextSheetState", () => {
  it.each([
    // [from, drag, rules, expected]
    ["snap", SHEET_DRAG_THRESHOLD_PX, rules(), "snap"],
    ["snap", -SHEET_DRAG_THRESHOLD_PX, rules(), "snap"],
    ["full", SHEET_DRAG_THRESHOLD_PX, rules(), "full"],
    ["snap", 37, rules(), "closed"],
    ["snap", 37, rules({ isPersistent: true }), "snap"],
    ["snap", -37, rules(), "full"],
    ["snap", -37, rules({ isFullscreenAllowed: false }), "snap"],
    ["full", 37, rules(), "snap"],
    ["full", 37, rules({ isPersistent: true }), "snap"],
    ["full", 37, rules({ hasSnapPoint: false }), "closed"],
    ["full", 37, rules({ hasSnapPoint: false, isPersistent: true }), "full"],
    ["full", -200, rules(), "full"],
  ] as const)("from %s, a drag of %i px with %o ends %s", (from, distance, sheetRules, expected) => {
    expect(nextSheetState(from, distance, sheetRules)).toBe(expected);
  });
});

describe("BottomSheet", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a dialog named by its title, with a drag handle and a close button, focus inside", async () => {
    await renderWithI18n(<Harness />);
    expect(sheet()).toBeInTheDocument();
    expect(sheetState()).toBe("snap");
    expect(screen.getByRole("button", { name: "Expand" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
    expect(sheet()).toContainElement(document.activeElement as HTMLElement);
  });

  it("keeps its state after a drag of 36 px or less, either way", async () => {
    await renderWithI18n(<Harness />);
    drag(SHEET_DRAG_THRESHOLD_PX);
    expect(sheetState()).toBe("snap");
    drag(-SHEET_DRAG_THRESHOLD_PX);
    expect(sheetState()).toBe("snap");
  });

  it("goes full screen on a drag up from snap, back to snap on a drag down", async () => {
    await renderWithI18n(<Harness />);
    drag(-40);
    expect(sheetState()).toBe("full");
    expect(screen.getByRole("button", { name: "Collapse" })).toBeInTheDocument();
    drag(40);
    expect(sheetState()).toBe("snap");
  });

  it("stays at snap on a drag up when full screen is not allowed", async () => {
    await renderWithI18n(<Harness isFullscreenAllowed={false} />);
    drag(-120);
    expect(sheetState()).toBe("snap");
  });

  it("closes on a drag down from snap, after the 300 ms slide", async () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    await renderWithI18n(<Harness onClosed={onClosed} />);
    drag(37);
    expect(sheetState()).toBe("closed");
    await act(async () => {
      vi.advanceTimersByTime(SHEET_ANIMATION_MS - 1);
    });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it("never closes by dragging when persistent", async () => {
    vi.useFakeTimers();
    await renderWithI18n(<Harness isPersistent />);
    drag(300);
    expect(sheetState()).toBe("snap");
    drag(-60);
    drag(300);
    expect(sheetState()).toBe("snap");
    await act(async () => {
      vi.advanceTimersByTime(SHEET_ANIMATION_MS * 2);
    });
    expect(sheet()).toBeInTheDocument();
  });

  it("closes on a drag down from full screen without a snap point, unless persistent", async () => {
    vi.useFakeTimers();
    const { unmount } = await renderWithI18n(<Harness hasSnapPoint={false} isPersistent />);
    expect(sheetState()).toBe("full");
    drag(200);
    expect(sheetState()).toBe("full");
    unmount();

    await renderWithI18n(<Harness hasSnapPoint={false} />);
    expect(sheetState()).toBe("full");
    drag(200);
    expect(sheetState()).toBe("closed");
    await act(async () => {
      vi.advanceTimersByTime(SHEET_ANIMATION_MS);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes with Escape and with the close button, each after the slide", async () => {
    vi.useFakeTimers();
    await renderWithI18n(<Harness />);
    fireEvent.keyDown(sheet(), { key: "Escape" });
    expect(sheetState()).toBe("closed");
    await act(async () => {
      vi.advanceTimersByTime(SHEET_ANIMATION_MS);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Open plan" }));
    expect(sheetState()).toBe("snap");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await act(async () => {
      vi.advanceTimersByTime(SHEET_ANIMATION_MS);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes on a press on the backdrop, unless persistent", async () => {
    vi.useFakeTimers();
    const { unmount } = await renderWithI18n(<Harness isPersistent />);
    await act(async () => {
      vi.advanceTimersByTime(0);
    });
    const backdrop = () => document.querySelector("[data-sheet-state]:not([role=dialog])") as HTMLElement;
    fireEvent.pointerDown(backdrop());
    fireEvent.click(backdrop());
    expect(sheetState()).toBe("snap");
    unmount();

    await renderWithI18n(<Harness />);
    await act(async () => {
      vi.advanceTimersByTime(0);
    });
    fireEvent.pointerDown(backdrop());
    fireEvent.click(backdrop());
    expect(sheetState()).toBe("closed");
    await act(async () => {
      vi.advanceTimersByTime(SHEET_ANIMATION_MS);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("moves between snap and full with the keyboard on its handle", async () => {
    const { user } = await renderWithI18n(<Harness />);
    screen.getByRole("button", { name: "Expand" }).focus();
    await user.keyboard("{Enter}");
    expect(sheetState()).toBe("full");
    await user.keyboard("{Enter}");
    expect(sheetState()).toBe("snap");
  });

  it("animates each move over 300 ms", async () => {
    await renderWithI18n(<Harness />);
    expect(sheet()).toHaveClass("duration-300");
    expect(SHEET_ANIMATION_MS).toBe(300);
  });
});
