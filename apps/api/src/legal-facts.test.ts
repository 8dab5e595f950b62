import { LEGAL_FACTS } from "@esim/ui/legal/legal-documents";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { UPKEEP_SWEEP_EVERY_MS } from "./jobs/background.ts";
import { KEEP_SIGN_IN_CODES_MS } from "./modules/auth/sessions.service.ts";
import { GIVEN_UP_EMAIL_KEPT_DAYS } from "./modules/mail-outbox/mail-outbox.service.ts";

const HOUR_MS = 60 * 60 * 1000;

// The privacy policy (packages/ui/src/legal) tells customers how long the API keeps their data: the figures it
// prints must be the ones the API applies.
describe("the legal documents' figures", () => {
  it("are the API's retention periods", () => {
    expect(LEGAL_FACTS.unsentEmailKeptDays).toBe(GIVEN_UP_EMAIL_KEPT_DAYS);
    expect(LEGAL_FACTS.signInCodeKeptHours * HOUR_MS).toBe(KEEP_SIGN_IN_CODES_MS);
    expect(LEGAL_FACTS.deletedAccountSweepMinutes * 60 * 1000).toBe(UPKEEP_SWEEP_EVERY_MS);
    expect(LEGAL_FACTS.sessionDays).toBe(loadConfig({}).SESSION_TTL_DAYS);
  });
});
