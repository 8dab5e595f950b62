import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Route tests load each screen's lazy chunk on first use; under a full parallel run that can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// The tests' browser speaks French, the product's default (jsdom says en-US): without a stored language the app shows
// the browser's (decision 073). A test of another browser spies on this getter.
Object.defineProperty(window.navigator, "languages", { configurable: true, get: () => ["fr-FR", "fr"] });

// jsdom has no layout: ScrollRestoration's scrolling is a no-op here.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
