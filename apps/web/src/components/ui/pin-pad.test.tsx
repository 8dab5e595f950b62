import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { DEFAULT_MAX_ATTEMPTS, PIN_ERROR_RESET_MS, PinPad, type PinPadProps } from "./pin-pad.tsx";

/** The parent of the app: it sets the error on a wrong PIN and forgets it when the pad says so. */
function Harness(props: Partial<PinPadProps> & { wrongPin?: string }) {
  const [error, setError] = useState<string | null>(null);
  const { wrongPin, onConfirm, ...rest } = props;
  return (
    <PinPad
      title="Enter your PIN"
      {...rest}
      error={error}
      onErrorReset={() => setError(null)}
      onConfirm={(pin) => {
        onConfirm?.(pin);
        if (pin === wrongPin) setError("Incorrect PIN");
      }}
    />
  );
}

const key = (digit: string) => screen.getByRole("button", { name: digit });
const confirmButton = () => screen.getByRole("button", { name: "Confirm" });
const deleteButton = () => screen.getByRole("button", { name: "Delete the last digit" });
const boxes = () => screen.getAllByRole("img")[0] as HTMLElement;
const filledCount = () => boxes().querySelectorAll("[data-filled]").length;

function press(...digits: string[]) {
  for (const digit of digits) fireEvent.click(key(digit));
}

describe("PinPad", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 4 empty boxes, keys 0–9 laid out left to right, delete, close and a disabled confirm", async () => {
    const onClose = vi.fn();
    await renderWithI18n(<Harness onClose={onClose} />, { language: "ar" });
    expect(screen.getByRole("img", { name: "PIN: أُدخل 0 من 4 أرقام" })).toBeInTheDocument();
    expect(boxes().children).toHaveLength(4);
    expect(boxes()).toHaveAttribute("dir", "ltr");
    for (const digit of "0123456789") expect(key(digit)).toBeEnabled();
    expect(key("1").parentElement).toHaveAttribute("dir", "ltr");
    const order = Array.from(key("1").parentElement?.querySelectorAll("button") ?? []).map((b) => b.textContent);
    expect(order.slice(0, 9)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(screen.getByRole("button", { name: "حذف آخر رقم" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "تأكيد" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "إغلاق" }));
    expect(onClose).toHaveBeenCalledOnce();
    // No attempts message while none is used.
    expect(screen.queryByText(/محاول/)).not.toBeInTheDocument();
  });

  it("masks the digits, accepts at most 4, deletes the last one, and confirms only with exactly 4", async () => {
    const onConfirm = vi.fn();
    await renderWithI18n(<Harness onConfirm={onConfirm} />);
    press("1", "2", "3");
    expect(filledCount()).toBe(3);
    expect(screen.queryByText("1", { selector: "span" })).not.toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    press("4", "5");
    expect(filledCount()).toBe(4);
    expect(confirmButton()).toBeEnabled();
    fireEvent.click(deleteButton());
    expect(filledCount()).toBe(3);
    expect(confirmButton()).toBeDisabled();
    press("9");
    fireEvent.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith("1239");
  });

  it("takes digits, Backspace and Enter from a keyboard", async () => {
    const onConfirm = vi.fn();
    await renderWithI18n(<Harness onConfirm={onConfirm} />);
    const pad = key("1");
    fireEvent.keyDown(pad, { key: "4" });
    fireEvent.keyDown(pad, { key: "x" });
    fireEvent.keyDown(pad, { key: "3" });
    fireEvent.keyDown(pad, { key: "Backspace" });
    fireEvent.keyDown(pad, { key: "2" });
    fireEvent.keyDown(pad, { key: "1" });
    fireEvent.keyDown(pad, { key: "0" });
    fireEvent.keyDown(pad, { key: "Enter" });
    expect(onConfirm).toHaveBeenCalledWith("4210");
  });

  it("takes a physical keyboard's digits, Backspace and Enter as soon as it shows, before any click", async () => {
    const onConfirm = vi.fn();
    const { user } = await renderWithI18n(<Harness onConfirm={onConfirm} />);
    // The pad has the focus, named by its title, so a screen reader says what to type.
    expect(screen.getByRole("group", { name: "Enter your PIN" })).toHaveFocus();
    await user.keyboard("43{Backspace}21");
    expect(filledCount()).toBe(3);
    await user.keyboard("0{Enter}");
    expect(onConfirm).toHaveBeenCalledWith("4210");
  });

  it("still hears the keyboard when the focus fell to the page, but leaves another field's keys alone", async () => {
    const onConfirm = vi.fn();
    const { user } = await renderWithI18n(
      <>
        <input aria-label="Note" />
        <Harness onConfirm={onConfirm} />
      </>,
    );
    (document.activeElement as HTMLElement).blur();
    await user.keyboard("12");
    expect(filledCount()).toBe(2);
    await user.click(screen.getByRole("textbox", { name: "Note" }));
    await user.keyboard("34");
    expect(filledCount()).toBe(2);
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("34");
  });

  it("disables confirm and the keys while loading", async () => {
    await renderWithI18n(<Harness isLoading />);
    expect(key("5")).toBeDisabled();
    expect(confirmButton()).toBeDisabled();
    expect(confirmButton()).toHaveAttribute("aria-busy", "true");
  });

  it("has a secondary button labelled “Oublié” by default, or a given label, and custom confirm text", async () => {
    const onSecondary = vi.fn();
    const { unmount } = await renderWithI18n(<Harness onSecondary={onSecondary} />, { language: "fr" });
    fireEvent.click(screen.getByRole("button", { name: "Oublié" }));
    expect(onSecondary).toHaveBeenCalledOnce();
    unmount();
    await renderWithI18n(<Harness onSecondary={onSecondary} secondaryLabel="Help" confirmLabel="Unlock" />);
    expect(screen.getByRole("button", { name: "Help" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unlock" })).toBeInTheDocument();
  });

  it("has neither secondary, confirm nor close button unless asked", async () => {
    await renderWithI18n(<PinPad title="PIN" />);
    expect(screen.queryByRole("button", { name: "Forgot" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
  });

  it("on a wrong PIN shows the error, lowers the attempts left by one, then clears digits and error after 3 s", async () => {
    vi.useFakeTimers();
    await renderWithI18n(<Harness wrongPin="1111" />, { language: "fr" });
    press("1", "1", "1", "1");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Incorrect PIN");
    expect(screen.getByText(`${DEFAULT_MAX_ATTEMPTS - 1} tentatives restantes`)).toBeInTheDocument();
    expect(filledCount()).toBe(4);

    act(() => vi.advanceTimersByTime(PIN_ERROR_RESET_MS - 1));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(filledCount()).toBe(0);
    // The count stays until the next attempt.
    expect(screen.getByText("3 tentatives restantes")).toBeInTheDocument();

    press("1", "1", "1", "1");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(screen.getByText("2 tentatives restantes")).toBeInTheDocument();
  });

  it("shows the attempts left from the server below the maximum, in the singular for one", async () => {
    const first = await renderWithI18n(<PinPad title="PIN" attemptsLeft={4} />);
    expect(screen.queryByText(/attempt/)).not.toBeInTheDocument();
    first.unmount();
    const second = await renderWithI18n(<PinPad title="PIN" attemptsLeft={1} />);
    expect(screen.getByText("1 attempt left")).toBeInTheDocument();
    second.unmount();
    await renderWithI18n(<PinPad title="PIN" attemptsLeft={2} maxAttempts={6} />);
    expect(screen.getByText("2 attempts left")).toBeInTheDocument();
  });

  it("at the last wrong attempt blocks: keys and confirm disabled, the blocked message, digits still clear after 3 s", async () => {
    vi.useFakeTimers();
    await renderWithI18n(<Harness wrongPin="2222" attemptsLeft={1} onSecondary={() => {}} />, { language: "fr" });
    expect(screen.getByText("1 tentative restante")).toBeInTheDocument();
    press("2", "2", "2", "2");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(screen.getByRole("alert")).toHaveTextContent("PIN bloqué. Veuillez contacter le support.");
    expect(screen.queryByText(/tentative/)).not.toBeInTheDocument();
    for (const digit of "0123456789") expect(key(digit)).toBeDisabled();
    expect(screen.getByRole("button", { name: "Confirmer" })).toBeDisabled();
    // “Oublié” stays the way out.
    expect(screen.getByRole("button", { name: "Oublié" })).toBeEnabled();
    act(() => vi.advanceTimersByTime(PIN_ERROR_RESET_MS));
    expect(filledCount()).toBe(0);
    expect(screen.getByRole("alert")).toHaveTextContent("PIN bloqué");
  });

  it("is blocked from the start with 0 attempts left", async () => {
    await renderWithI18n(<PinPad title="PIN" attemptsLeft={0} onConfirm={() => {}} />);
    expect(screen.getByRole("alert")).toHaveTextContent("PIN blocked. Please contact support.");
    press("1");
    expect(filledCount()).toBe(0);
    expect(key("1")).toBeDisabled();
    expect(confirmButton()).toBeDisabled();
  });
});
