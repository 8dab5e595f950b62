import { describe, expect, it } from "vitest";
import { runCli } from "./cli.ts";

describe("runCli", () => {
  it("lists every command in help, the single-word dashboard beside the area:action ones, without a database", async () => {
    const lines: string[] = [];
    expect(await runCli(["help"], (line) => lines.push(line))).toBe(0);
    const help = lines.join("\n");
    expect(help).toMatch(/^ {2}dashboard +The shop's figures now/m);
    expect(help).toMatch(/^ {2}cancellation:list +/m);
    expect(help).toMatch(/^ {2}orders:attention +/m);
  });
});
