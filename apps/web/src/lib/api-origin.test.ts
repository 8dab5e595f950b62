import { describe, expect, it } from "vitest";
import { parseApiOrigin } from "./api-origin.ts";

describe("parseApiOrigin", () => {
  it.each([[undefined], [""], ["   "]])("reads %j as the page's own origin (the web)", (value) => {
    expect(parseApiOrigin(value)).toBe("");
  });

  it.each([
    ["https://esim-store.dz", "https://esim-store.dz"],
    ["https://esim-store.dz/", "https://esim-store.dz"],
    [" https://ESIM-STORE.dz ", "https://esim-store.dz"],
    ["http://192.168.1.20:8080", "http://192.168.1.20:8080"],
  ])("keeps the origin of %j", (value, origin) => {
    expect(parseApiOrigin(value)).toBe(origin);
  });

  it.each([
    ["esim-store.dz"],
    ["https://esim-store.dz/api/v1/app"],
    ["https://esim-store.dz?x=1"],
    ["https://user:secret@esim-store.dz"],
    ["capacitor://localhost"],
    ["ftp://esim-store.dz"],
  ])("refuses %j, naming the variable", (value) => {
    expect(() => parseApiOrigin(value)).toThrow(/VITE_API_ORIGIN/);
  });
});
