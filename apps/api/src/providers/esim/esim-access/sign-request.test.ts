import { describe, expect, it } from "vitest";
import { buildEsimAccessHeaders, computeEsimAccessSignature, isSameSignature } from "./sign-request.ts";

describe("computeEsimAccessSignature", () => {
  it("matches the example of eSIM Access's documentation", () => {
    expect(
      computeEsimAccessSignature({
        timestamp: "1628670421",
        requestId: "4ce9d9cdac9e4e17b3a2c66c358c1ce2",
        accessCode: "11111",
        secret: "1111",
        body: '{"imsi":"326543826"}',
      }),
    ).toBe("7eb765e27df5373dea2dbc8c41a7d9557743e46c8054750f3d851b3fd01d0835");
  });
});

describe("buildEsimAccessHeaders", () => {
  it("sends the access code alone without a secret", () => {
    expect(buildEsimAccessHeaders({ accessCode: "code", secret: undefined, body: "{}", nowMs: 1 })).toEqual({
      "RT-AccessCode": "code",
    });
  });

  it("signs timestamp, a UUID v4 request id, access code and body with a secret", () => {
    const headers = buildEsimAccessHeaders({
      accessCode: "code",
      secret: "secret",
      body: '{"a":1}',
      nowMs: 1_750_000_000_000,
    });
    expect(headers["RT-Timestamp"]).toBe("1750000000000");
    expect(headers["RT-RequestID"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headers["RT-Signature"]).toBe(
      computeEsimAccessSignature({
        timestamp: "1750000000000",
        requestId: headers["RT-RequestID"]!,
        accessCode: "code",
        body: '{"a":1}',
        secret: "secret",
      }),
    );
    expect(headers["RT-Signature"]).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("isSameSignature", () => {
  it("accepts the same hex in any case and refuses another or a truncated one", () => {
    expect(isSameSignature("abcd", "ABCD")).toBe(true);
    expect(isSameSignature("abcd", "abce")).toBe(false);
    expect(isSameSignature("abcd", "abc")).toBe(false);
  });
});
