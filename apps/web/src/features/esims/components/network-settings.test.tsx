import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { NetworkSettings } from "./network-settings.tsx";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const IOS_PATH = "Réglages › Données cellulaires › votre ligne eSIM › Itinérance des données.";
const ANDROID_PATH = "Paramètres › Réseau › SIM › votre eSIM › Itinérance.";

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(userAgent);
}

describe("NetworkSettings", () => {
  afterEach(() => vi.restoreAllMocks());

  it("tells an iPhone user to turn roaming on for the eSIM line only, with the iPhone path and the APN", async () => {
    useUserAgent(IPHONE_UA);
    await renderWithI18n(<NetworkSettings apn="internet" />, { language: "fr" });
    expect(screen.getByRole("heading", { name: "Réglages réseau" })).toBeInTheDocument();
    expect(
      screen.getByText(/^Activez l’itinérance des données sur la ligne eSIM uniquement, pas sur votre SIM algérienne/),
    ).toBeInTheDocument();
    expect(screen.getByText(IOS_PATH, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(ANDROID_PATH, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole("term")).toHaveTextContent("APN");
    expect(screen.getByRole("definition")).toHaveTextContent("internet");
  });

  it("shows an Android phone the Android path, and no APN when the eSIM has none", async () => {
    useUserAgent(ANDROID_UA);
    await renderWithI18n(<NetworkSettings apn={null} />, { language: "en" });
    expect(screen.getByText("Settings › Network › SIMs › your eSIM › Roaming.", { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Data Roaming/)).not.toBeInTheDocument();
    expect(screen.queryByText("APN")).not.toBeInTheDocument();
    expect(screen.queryByRole("definition")).not.toBeInTheDocument();
  });

  it("shows both paths on a computer, labelled per phone", async () => {
    useUserAgent(DESKTOP_UA);
    await renderWithI18n(<NetworkSettings apn="internet" />, { language: "fr" });
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(`Sur iPhone : ${IOS_PATH}`);
    expect(items[1]).toHaveTextContent(`Sur Android : ${ANDROID_PATH}`);
  });

  it("reads right to left in Arabic, the APN kept as an isolated left-to-right value", async () => {
    useUserAgent(IPHONE_UA);
    await renderWithI18n(<NetworkSettings apn="internet" />, { language: "ar" });
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(screen.getByRole("heading", { name: "إعدادات الشبكة" })).toBeInTheDocument();
    expect(
      screen.getByText("الإعدادات › الخدمة الخلوية › خط eSIM الخاص بك › تجوال البيانات.", { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText("internet").tagName).toBe("BDI");
  });
});
