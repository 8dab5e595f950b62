import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeNativePlugins, resetFakeNative, runAsNative } from "../../../test/fake-native-plugins.ts";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { InstallQrCode } from "./install-qr-code.tsx";

vi.mock(
  "../../../lib/native-plugins.ts",
  async () => (await import("../../../test/fake-native-plugins.ts")).fakeNativePlugins,
);

const ACTIVATION_CODE = "LPA:1$rsp.example.com$MATCH-123";
const FILE_NAME = "esim-8943108170000012345.png";
/** The first bytes of every PNG file, in base64. */
const PNG_SIGNATURE_BASE64 = "iVBORw0KGgo";
const { Filesystem, Share } = fakeNativePlugins;

/** jsdom's Blob has no arrayBuffer(): its bytes through FileReader, as save-file.ts reads them. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",")[1] ?? "");
    reader.readAsDataURL(file);
  });
}

/** Renders the QR code and waits until it is drawn (the button is disabled before). */
async function renderQr(language: "en" | "ar" = "en") {
  const rendered = await renderWithI18n(<InstallQrCode activationCode={ACTIVATION_CODE} fileName={FILE_NAME} />, {
    language,
  });
  await screen.findByRole("img", { name: language === "ar" ? "رمز QR لتثبيت الشريحة" : "QR code to install the eSIM" });
  return rendered;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  resetFakeNative();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("saving the install QR code", () => {
  it("downloads it as a PNG named after the eSIM in a browser", async () => {
    const files: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: vi.fn((file: Blob) => {
          files.push(file);
          return "blob:qr";
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = await renderQr();

    await user.click(screen.getByRole("button", { name: "Download the QR code (PNG)" }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe(FILE_NAME);
    expect(files[0]?.type).toBe("image/png");
    expect(await base64Of(files[0]!)).toMatch(new RegExp(`^${PNG_SIGNATURE_BASE64}`));
    expect(Share.share).not.toHaveBeenCalled();
  });

  it("hands the PNG to the share sheet in the apps, to save to Photos or Files", async () => {
    runAsNative("ios");
    const { user } = await renderQr();

    await user.click(screen.getByRole("button", { name: "Download the QR code (PNG)" }));

    await waitFor(() => expect(Share.share).toHaveBeenCalledOnce());
    expect(Filesystem.writeFile).toHaveBeenCalledExactlyOnceWith({
      path: FILE_NAME,
      data: expect.stringMatching(new RegExp(`^${PNG_SIGNATURE_BASE64}`)),
      directory: "CACHE",
    });
    expect(Share.share).toHaveBeenCalledWith({ title: FILE_NAME, files: [`file:///cache/${FILE_NAME}`] });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says nothing when the share sheet is closed without saving", async () => {
    runAsNative("android");
    Share.share.mockRejectedValueOnce(new Error("Share canceled"));
    const { user } = await renderQr();
    const button = screen.getByRole("button", { name: "Download the QR code (PNG)" });

    await user.click(button);

    await waitFor(() => expect(Share.share).toHaveBeenCalledOnce());
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says in Arabic that the QR code could not be saved when the app cannot write it, and lets the user retry", async () => {
    runAsNative("android");
    Filesystem.writeFile.mockRejectedValueOnce(new Error("Unable to save file"));
    const { user } = await renderQr("ar");
    const button = screen.getByRole("button", { name: "تنزيل رمز QR (PNG)" });

    await user.click(button);

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "تعذّر حفظ رمز QR: التقط صورة للشاشة أو استخدم التثبيت اليدوي.",
    );
    expect(Share.share).not.toHaveBeenCalled();

    await user.click(button);
    await waitFor(() => expect(Share.share).toHaveBeenCalledOnce());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
