import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeNativePlugins, resetFakeNative, runAsNative } from "../test/fake-native-plugins.ts";
import { saveFile, toSafeFileName } from "./save-file.ts";

vi.mock("./native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

const { Filesystem, Share } = fakeNativePlugins;
const PDF = () => new Blob(["%PDF-1.7 invoice"], { type: "application/pdf" });
const PDF_BASE64 = btoa("%PDF-1.7 invoice");

afterEach(() => {
  resetFakeNative();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("saveFile in a browser", () => {
  it("clicks a temporary download link to the file, named as asked, and loads no native plugin", async () => {
    const createObjectURL = vi.fn((_file: Blob) => "blob:invoice");
    const revokeObjectURL = vi.fn();
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const pdf = PDF();

    await saveFile(pdf, "ES26-000123.pdf");

    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("ES26-000123.pdf");
    expect(clicked[0]!.getAttribute("href")).toBe("blob:invoice");
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(clicked[0]!.isConnected).toBe(false);
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith("blob:invoice"));
    expect(Filesystem.writeFile).not.toHaveBeenCalled();
    expect(Share.share).not.toHaveBeenCalled();
  });
});

describe("saveFile in the apps", () => {
  it.each(["ios", "android"] as const)(
    "on %s writes the file's base64 to the cache and opens the share sheet with it",
    async (platform) => {
      runAsNative(platform);
      const click = vi.spyOn(HTMLAnchorElement.prototype, "click");

      await saveFile(PDF(), "ES26-000123.pdf");

      expect(Filesystem.writeFile).toHaveBeenCalledExactlyOnceWith({
        path: "ES26-000123.pdf",
        data: PDF_BASE64,
        directory: "CACHE",
      });
      expect(Share.share).toHaveBeenCalledExactlyOnceWith({
        title: "ES26-000123.pdf",
        files: ["file:///cache/ES26-000123.pdf"],
      });
      expect(click).not.toHaveBeenCalled();
    },
  );

  it("keeps binary bytes intact (a PNG's signature)", async () => {
    runAsNative("android");
    const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    await saveFile(new Blob([signature], { type: "image/png" }), "esim-8943108170000012345.png");

    expect(Filesystem.writeFile.mock.calls[0]?.[0].data).toBe("iVBORw0KGgo=");
  });

  it("writes under a name that is one safe path segment, and shares with the name as given", async () => {
    runAsNative("ios");

    await saveFile(PDF(), "../Facture ES26/000123 été.pdf");

    expect(Filesystem.writeFile.mock.calls[0]?.[0].path).toBe("file..-Facture-ES26-000123-t-.pdf");
    expect(Share.share.mock.calls[0]?.[0].title).toBe("../Facture ES26/000123 été.pdf");
  });

  it("resolves quietly when the person closes the share sheet", async () => {
    runAsNative("ios");
    Share.share.mockRejectedValueOnce(new Error("Share canceled"));

    await expect(saveFile(PDF(), "ES26-000123.pdf")).resolves.toBeUndefined();
  });

  it("rejects when the share sheet fails for another reason", async () => {
    runAsNative("android");
    Share.share.mockRejectedValueOnce(new Error("Can't share while sharing is in progress"));

    await expect(saveFile(PDF(), "ES26-000123.pdf")).rejects.toThrow("Can't share while sharing is in progress");
  });

  it("rejects without opening the share sheet when the file cannot be written", async () => {
    runAsNative("ios");
    Filesystem.writeFile.mockRejectedValueOnce(new Error("Unable to save file"));

    await expect(saveFile(PDF(), "ES26-000123.pdf")).rejects.toThrow("Unable to save file");
    expect(Share.share).not.toHaveBeenCalled();
  });
});

describe("toSafeFileName", () => {
  it("keeps letters, digits, dots, dashes and underscores, and starts with a letter or digit", () => {
    expect(toSafeFileName("esim-8943108170000012345.png")).toBe("esim-8943108170000012345.png");
    expect(toSafeFileName(".hidden")).toBe("file.hidden");
    expect(toSafeFileName("فاتورة.pdf")).toBe("file-.pdf");
    expect(toSafeFileName("")).toBe("file");
  });

  it("shortens a long name from the start, so the extension stays", () => {
    const name = toSafeFileName(`${"a".repeat(300)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith(".pdf")).toBe(true);
  });
});
