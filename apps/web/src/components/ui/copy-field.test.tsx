import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { CopyField } from "./copy-field.tsx";

describe("CopyField", () => {
  it("offers the code to copy, left to right, in Arabic", async () => {
    await renderWithI18n(<CopyField label="رمز التفعيل" value="MATCH-123" />, { language: "ar" });
    expect(screen.getByText("MATCH-123")).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("button", { name: /رمز التفعيل/ })).toBeInTheDocument();
  });

  it("shows no empty field and no copy button when there is nothing to copy", async () => {
    const { container } = await renderWithI18n(<CopyField label="Code d’activation" value="" />, { language: "fr" });
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});
