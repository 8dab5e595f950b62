import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { CodeInput, type CodeInputType } from "./code-input.tsx";

function Harness({
  length,
  type,
  onComplete,
}: {
  length?: number;
  type?: CodeInputType;
  onComplete?: (code: string) => void;
}) {
  const [code, setCode] = useState("");
  return (
    <>
      <CodeInput length={length} type={type} value={code} onChange={setCode} onComplete={onComplete} label="Code" />
      <output aria-label="Current code">{code}</output>
    </>
  );
}

const box = (position: number, total: number) => screen.getByRole("textbox", { name: `Digit ${position} of ${total}` });
const currentCode = () => screen.getByLabelText("Current code").textContent;

describe("CodeInput", () => {
  it("has four boxes by default, each labelled, meant for one-time codes and laid out left to right", async () => {
    await renderWithI18n(<Harness />);
    const boxes = screen.getAllByRole("textbox");
    expect(boxes).toHaveLength(4);
    expect(box(1, 4)).toHaveAttribute("autocomplete", "one-time-code");
    expect(box(1, 4)).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("group", { name: "Code" }).querySelector("[dir]")).toHaveAttribute("dir", "ltr");
  });

  it("moves to the next box as digits are typed and reports the complete code", async () => {
    const onComplete = vi.fn();
    const { user } = await renderWithI18n(<Harness length={6} onComplete={onComplete} />);
    await user.click(box(1, 6));
    await user.keyboard("123456");
    expect(currentCode()).toBe("123456");
    expect(box(6, 6)).toHaveFocus();
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("refuses letters and symbols in a number code", async () => {
    const { user } = await renderWithI18n(<Harness />);
    await user.click(box(1, 4));
    await user.keyboard("a-1");
    expect(box(1, 4)).toHaveValue("1");
    expect(box(2, 4)).toHaveFocus();
    expect(currentCode()).toBe("1");
  });

  it("accepts word characters in a letter-numeric code", async () => {
    const { user } = await renderWithI18n(<Harness type="letter-numeric" />);
    await user.click(screen.getByRole("textbox", { name: "Character 1 of 4" }));
    await user.keyboard("aB3-_");
    expect(currentCode()).toBe("aB3_");
  });

  it("fills a paste from the focused box and cuts it to the boxes left", async () => {
    const { user } = await renderWithI18n(<Harness length={6} />);
    await user.click(box(3, 6));
    await user.paste("98765432");
    expect(currentCode()).toBe("9876");
    expect(box(3, 6)).toHaveValue("9");
    expect(box(6, 6)).toHaveValue("6");
  });

  it("rejects a whole paste that holds a character not allowed", async () => {
    const { user } = await renderWithI18n(<Harness length={6} />);
    await user.click(box(1, 6));
    await user.paste("12a456");
    expect(currentCode()).toBe("");
    for (let position = 1; position <= 6; position += 1) expect(box(position, 6)).toHaveValue("");
  });

  it("erases with Backspace, stepping back from an empty box, and moves with the arrows", async () => {
    const { user } = await renderWithI18n(<Harness />);
    await user.click(box(1, 4));
    await user.keyboard("123");
    expect(box(4, 4)).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(currentCode()).toBe("12");
    expect(box(3, 4)).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(box(1, 4)).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(box(2, 4)).toHaveFocus();
    await user.keyboard("{Delete}");
    expect(box(2, 4)).toHaveValue("");
    expect(box(1, 4)).toHaveValue("1");
  });
});
