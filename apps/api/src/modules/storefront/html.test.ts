import { describe, expect, it } from "vitest";
import { html, jsonLd, raw } from "./html.ts";

describe("html", () => {
  it("escapes every interpolated value and keeps markup built by html or raw", () => {
    const name = `<img src=x onerror="alert(1)">&'`;
    const inner = html`<b>${name}</b>`;
    expect(html`<p title="${name}">${inner}${raw("<br>")}${null}${false}${[1, "<i>"]}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;"><b>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;</b><br>1&lt;i&gt;</p>',
    );
  });
});

describe("jsonLd", () => {
  it("cannot be closed early by a value holding </script>, and still parses to the same data", () => {
    const data = { name: "</script><script>alert(1)</script> & co" };
    const block = jsonLd(data).value;
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice('<script type="application/ld+json">'.length, -"</script>".length);
    expect(JSON.parse(json)).toEqual(data);
  });
});
