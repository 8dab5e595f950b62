import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { ConfirmModal, Modal, type ModalType, SUCCESS_AUTO_CLOSE_MS } from "./modal.tsx";

function ModalHarness({ type = "info" as ModalType, onClose = () => {} }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose();
      }}
      type={type}
      title="Profile saved"
      message="Your details are up to date."
      primaryAction={{ label: "Done", onClick: () => setOpen(false) }}
    />
  );
}

/** A modal opened by an ordinary button, as the screens do (no Radix trigger). */
function OpenedByButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Delete your account" />
    </>
  );
}

describe("Modal", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives focus back to the button that opened it once closed", async () => {
    await renderWithI18n(<OpenedByButton />);
    const opener = screen.getByRole("button", { name: "Delete my account" });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Radix moves focus on close a tick after unmounting the dialog.
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it("shows the title, the message, the icon of its type and a close button", async () => {
    await renderWithI18n(<ModalHarness type="error" />);
    const dialog = screen.getByRole("dialog", { name: "Profile saved" });
    expect(dialog).toHaveAccessibleDescription("Your details are up to date.");
    expect(screen.getByRole("img", { name: "Error" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Done" })).toBeInTheDocument();
  });

  it("closes a success modal by itself after 3000 ms", async () => {
    vi.useFakeTimers();
    await renderWithI18n(<ModalHarness type="success" />);
    expect(screen.getByRole("img", { name: "Success" })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(SUCCESS_AUTO_CLOSE_MS - 1);
    });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("does not close other types by itself", async () => {
    vi.useFakeTimers();
    await renderWithI18n(<ModalHarness type="warning" />);
    await act(async () => {
      vi.advanceTimersByTime(SUCCESS_AUTO_CLOSE_MS * 2);
    });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("closes on Escape", async () => {
    const onClose = vi.fn();
    const { user } = await renderWithI18n(<ModalHarness onClose={onClose} />);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("closes on a press on the backdrop, not on one inside", async () => {
    await renderWithI18n(<ModalHarness />);
    const dialog = screen.getByRole("dialog");
    // Radix starts listening for outside presses on the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // A press is a pointerdown then a click (Radix waits for the click before dismissing).
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    const backdrop = dialog.parentElement as HTMLElement;
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps focus inside while open", async () => {
    const { user } = await renderWithI18n(<ModalHarness />);
    const dialog = screen.getByRole("dialog");
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

function ConfirmHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return <ConfirmModal open={open} onOpenChange={setOpen} title="Sign out?" onConfirm={onConfirm} />;
}

describe("ConfirmModal", () => {
  it("offers Confirm and Cancel by default, in the interface language", async () => {
    const onConfirm = vi.fn();
    const { user } = await renderWithI18n(<ConfirmHarness onConfirm={onConfirm} />, { language: "fr" });
    await user.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
