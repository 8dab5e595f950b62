import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { describeHours } from "./describe-hours.ts";
import { SupportHours } from "./support-hours.tsx";

const DAYTIME = { timeZone: "Africa/Algiers", opens: "09:00", closes: "21:00" };
const NIGHT = { timeZone: "Africa/Algiers", opens: "22:00", closes: "02:00" };
// 26 November 2026: Algiers UTC+1, Paris UTC+1 (winter time), Montreal UTC−5, Tokyo UTC+9.
const at = (utc: string) => new Date(`2026-11-26T${utc}Z`);

describe("support hours", () => {
  it("says Algerian time once for a traveller whose clock shows it, and open until the closing", () => {
    expect(describeHours(DAYTIME, at("10:00:00"), "Africa/Algiers")).toEqual({
      algiers: { opens: "09:00", closes: "21:00", closesNextDay: false },
      local: null,
      isOpen: true,
      changesAt: "21:00",
    });
    // Paris keeps the same clock as Algiers in winter: said once too.
    expect(describeHours(DAYTIME, at("10:00:00"), "Europe/Paris").local).toBeNull();
  });

  it("gives Montreal's clock, and when it opens there while closed", () => {
    expect(describeHours(DAYTIME, at("06:00:00"), "America/Montreal")).toEqual({
      algiers: { opens: "09:00", closes: "21:00", closesNextDay: false },
      local: { opens: "03:00", closes: "15:00", closesNextDay: false, offset: "UTC−5" },
      isOpen: false,
      changesAt: "03:00",
    });
  });

  it("runs past midnight on the traveller's clock (Tokyo) and on Algiers' own (22:00-02:00)", () => {
    expect(describeHours(DAYTIME, at("10:00:00"), "Asia/Tokyo").local).toEqual({
      opens: "17:00",
      closes: "05:00",
      closesNextDay: true,
      offset: "UTC+9",
    });
    // 00:30 in Algiers: yesterday's window is still open, until 02:00.
    expect(describeHours(NIGHT, at("23:30:00"), "Africa/Algiers")).toMatchObject({
      algiers: { opens: "22:00", closes: "02:00", closesNextDay: true },
      isOpen: true,
      changesAt: "02:00",
    });
    // 02:30 in Algiers: closed, opens at 22:00; 20:00 in Montreal.
    expect(describeHours(NIGHT, at("01:30:00"), "America/Montreal")).toMatchObject({
      isOpen: false,
      changesAt: "16:00",
      local: { opens: "16:00", closes: "20:00", closesNextDay: false },
    });
  });

  it("states both clocks in French and in Arabic, 24-hour", async () => {
    await renderWithI18n(<SupportHours hours={DAYTIME} now={at("10:00:00")} timeZone="Asia/Tokyo" />, {
      language: "fr",
    });
    expect(screen.getByText("Ouvert, jusqu'à 05:00 à votre heure")).toBeInTheDocument();
    expect(screen.getByText("Tous les jours, de 09:00 à 21:00, heure algérienne")).toBeInTheDocument();
    expect(screen.getByText("Soit de 17:00 à 05:00 le lendemain à votre heure (UTC+9)")).toBeInTheDocument();
  });

  it("in Arabic, closed, with the time it opens", async () => {
    await renderWithI18n(<SupportHours hours={DAYTIME} now={at("21:30:00")} timeZone="Africa/Algiers" />, {
      language: "ar",
    });
    expect(screen.getByText("مغلق الآن: يفتح على الساعة 09:00")).toBeInTheDocument();
    expect(screen.getByText("كل يوم، من 09:00 إلى 21:00، بتوقيت الجزائر")).toBeInTheDocument();
    expect(screen.queryByText(/بتوقيتك/)).not.toBeInTheDocument();
  });
});
