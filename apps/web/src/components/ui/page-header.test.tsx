import { screen } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { PageHeader } from "./page-header.tsx";

function Where() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname}</output>;
}

function Screens({ backTo }: { backTo?: string }) {
  return (
    <>
      <Routes>
        <Route path="/profile" element={<p>Profile screen</p>} />
        <Route path="/previous" element={<p>Previous screen</p>} />
        <Route path="/preferences" element={<PageHeader title="Preferences" hasBack backTo={backTo} />} />
      </Routes>
      <Where />
    </>
  );
}

describe("PageHeader", () => {
  it("shows the title and a live-chat button that leads to support", async () => {
    await renderWithI18n(<Screens />, { initialEntries: ["/preferences"] });
    expect(screen.getByText("Preferences")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Chat with support" })).toHaveAttribute("href", "/support");
  });

  it("goes to the given route when it has one", async () => {
    const { user } = await renderWithI18n(<Screens backTo="/profile" />, {
      initialEntries: ["/previous", "/preferences"],
    });
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Current path")).toHaveTextContent("/profile");
  });

  it("goes one step back in history without a route", async () => {
    const { user } = await renderWithI18n(<Screens />, { initialEntries: ["/previous", "/preferences"] });
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Current path")).toHaveTextContent("/previous");
    expect(screen.getByText("Previous screen")).toBeInTheDocument();
  });

  it("mirrors the back arrow in right-to-left languages", async () => {
    await renderWithI18n(<Screens />, { language: "ar", initialEntries: ["/preferences"] });
    const back = screen.getByRole("button", { name: "رجوع" });
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    // Tailwind's rtl: variant flips it horizontally under dir="rtl".
    expect(back.querySelector("svg")).toHaveClass("rtl:-scale-x-100");
  });

  it("has no back arrow unless asked", async () => {
    await renderWithI18n(<PageHeader title="Home" />);
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
  });
});
