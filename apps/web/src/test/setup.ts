import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Route tests load each screen's lazy chunk on first use; under a full parallel run that can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: ScrollRestoration's scrolling is a no-op here.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
