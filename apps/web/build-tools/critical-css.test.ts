import { describe, expect, it } from "vitest";
import { classNamesOf, criticalCss } from "./critical-css.ts";

describe("the critical CSS of a page", () => {
  const classes = classNamesOf('<div class="flex lg:grid-cols-[minmax(0,5fr)_1fr] hover:underline"><p class="mt-1">');

  it("keeps the rules whose classes the markup uses, with their variants, and the rules without classes", () => {
    const css =
      "@layer theme,base;@layer theme{:root{--c:red}}@layer base{*,:after{margin:0}}" +
      ".flex{display:flex}.hidden{display:none}.mt-1{margin-top:.25rem}" +
      "@media (width>=64rem){.lg\\:grid-cols-\\[minmax\\(0\\,5fr\\)_1fr\\]{grid-template-columns:minmax(0,5fr) 1fr}.lg\\:block{display:block}}" +
      ".hover\\:underline:hover{text-decoration:underline}.group:hover .group-hover\\:x{color:red}" +
      '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(criticalCss(css, classes)).toBe(
      "@layer theme,base;@layer theme{:root{--c:red}}@layer base{*,:after{margin:0}}" +
        ".flex{display:flex}.mt-1{margin-top:.25rem}" +
        "@media (width>=64rem){.lg\\:grid-cols-\\[minmax\\(0\\,5fr\\)_1fr\\]{grid-template-columns:minmax(0,5fr) 1fr}}" +
        ".hover\\:underline:hover{text-decoration:underline}" +
        '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it("keeps a selector list when one of its selectors applies, and ignores classes under :not()", () => {
    expect(criticalCss(".hidden,.flex{gap:0}.flex:not(.hidden){order:1}", classes)).toBe(
      ".hidden,.flex{gap:0}.flex:not(.hidden){order:1}",
    );
  });
});
