import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createPaymentGateway, isSandboxGateway } from "./create-payment-gateway.ts";

// Choosing a gateway touches no database: a stand-in is enough.
const db = {} as Database;
const now = () => new Date();

describe("createPaymentGateway", () => {
  it("builds the sandbox by default", () => {
    const gateway = createPaymentGateway({ config: loadConfig({ NODE_ENV: "test" }), db, now });
    expect(gateway.name).toBe("sandbox");
    expect(isSandboxGateway(gateway)).toBe(true);
  });

  it("builds the Chargily client when PAYMENT_PROVIDER=chargily", () => {
    const config = loadConfig({ NODE_ENV: "test", PAYMENT_PROVIDER: "chargily", CHARGILY_SECRET_KEY: "test_sk_abc" });
    const gateway = createPaymentGateway({ config, db, now });
    expect(gateway.name).toBe("chargily");
    expect(isSandboxGateway(gateway)).toBe(false);
    expect(gateway.methods).toEqual(["edahabia", "cib", "chargily_app"]);
  });
});
