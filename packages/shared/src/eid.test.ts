import { describe, expect, it } from "vitest";
import { checkEid, EID_LENGTH, eidCheckDigits, toAsciiDigits } from "./eid.ts";

/** A reproducible stream of pseudo-random digits (a linear congruential generator), so a failure can be replayed. */
function digitStream(seed: number) {
  let state = seed;
  return (count: number) => {
    let digits = "";
    for (let index = 0; index < count; index++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      digits += String(Math.floor((state / 2 ** 31) * 10));
    }
    return digits;
  };
}

/** A valid EID built by the algorithm: "89" (telecom), 28 random digits, then the computed check digits. */
function validEid(nextDigits: (count: number) => string): string {
  const first30 = `89${nextDigits(EID_LENGTH - 4)}`;
  return first30 + eidCheckDigits(first30);
}

const nextDigits = digitStream(20_260_512);
const VALID_EIDS = Array.from({ length: 200 }, () => validEid(nextDigits));

describe("eidCheckDigits", () => {
  it("answers two digits that make the whole number 1 modulo 97", () => {
    for (const eid of VALID_EIDS) {
      expect(eid).toMatch(/^\d{32}$/);
      expect(BigInt(eid) % 97n).toBe(1n);
    }
  });

  it("pads a check value under 10 with a zero", () => {
    // Walks prefixes until one needs a single-digit check value, so the padding is exercised whatever the seed.
    const prefixes = Array.from({ length: 500 }, (_, index) => `89${String(index).padStart(28, "0")}`);
    const padded = prefixes.map(eidCheckDigits).find((check) => check.startsWith("0"));
    expect(padded).toMatch(/^0[2-9]$/);
  });

  it("refuses anything but 30 digits", () => {
    expect(() => eidCheckDigits("8904903212345")).toThrow();
    expect(() => eidCheckDigits(`89${"x".repeat(28)}`)).toThrow();
  });
});

describe("checkEid", () => {
  it.each(VALID_EIDS.slice(0, 20))("accepts the generated EID %s", (eid) => {
    expect(checkEid(eid)).toEqual({ ok: true, eid });
  });

  it("accepts every generated EID", () => {
    expect(VALID_EIDS.every((eid) => checkEid(eid).ok)).toBe(true);
  });

  it("accepts the GSMA examples, whose check digits were verified to leave 1 modulo 97", () => {
    // SGP.29's sample EID and the EID of SGP.23's test eUICC.
    for (const eid of ["89049032123451234512345678901235", "89001012012341234012345678901224"]) {
      expect(BigInt(eid) % 97n).toBe(1n);
      expect(checkEid(eid)).toEqual({ ok: true, eid });
    }
  });

  it("ignores the spaces and dashes phones group it with, and answers the bare digits", () => {
    const eid = VALID_EIDS[0]!;
    const grouped = eid.match(/.{1,4}/g)!.join(" ");
    const dashed = eid.match(/.{1,8}/g)!.join("-");
    expect(checkEid(`  ${grouped}  `)).toEqual({ ok: true, eid });
    expect(checkEid(dashed)).toEqual({ ok: true, eid });
    expect(checkEid(eid.replace(/(\d{16})/, "$1\t"))).toEqual({ ok: true, eid });
  });

  it("reads digits typed on an Arabic keyboard", () => {
    const eid = VALID_EIDS[1]!;
    const arabic = eid.replace(/\d/g, (digit) => String.fromCodePoint(0x0660 + Number(digit)));
    expect(checkEid(arabic)).toEqual({ ok: true, eid });
    expect(toAsciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  });

  it.each([
    ["", "EID_REQUIRED"],
    ["   ", "EID_REQUIRED"],
    [" - ", "EID_REQUIRED"],
  ])("refuses %j as empty", (input, code) => {
    expect(checkEid(input)).toEqual({ ok: false, code });
  });

  it.each([
    ["8904903212345123451234567890123a"],
    ["EID 89049032123451234512345678901235"],
    ["89049032.123451234512345678901235"],
    ["+89049032123451234512345678901235"],
  ])("refuses %j as not digits only", (input) => {
    expect(checkEid(input)).toEqual({ ok: false, code: "EID_DIGITS_ONLY" });
  });

  it("checks for letters before counting, so a short value with a letter says digits only", () => {
    expect(checkEid("12ab")).toEqual({ ok: false, code: "EID_DIGITS_ONLY" });
  });

  it.each([
    ["one digit short", VALID_EIDS[2]!.slice(0, 31)],
    ["one digit too many", `${VALID_EIDS[2]!}0`],
    ["an IMEI instead", "356938035643809"],
    ["an ICCID instead", "8921303000012345678"],
  ])("refuses a value of the wrong length (%s)", (_, input) => {
    expect(checkEid(input)).toEqual({ ok: false, code: "EID_LENGTH" });
  });

  it("detects every single changed digit", () => {
    for (const eid of VALID_EIDS.slice(0, 25)) {
      for (let position = 0; position < EID_LENGTH; position++) {
        const original = Number(eid[position]);
        for (let delta = 1; delta <= 9; delta++) {
          const changed = `${eid.slice(0, position)}${(original + delta) % 10}${eid.slice(position + 1)}`;
          expect(checkEid(changed), `${eid} with digit ${position} changed`).toEqual({
            ok: false,
            code: "EID_CHECKSUM",
          });
        }
      }
    }
  });

  it("detects two swapped adjacent digits", () => {
    let swaps = 0;
    for (const eid of VALID_EIDS) {
      for (let position = 0; position < EID_LENGTH - 1; position++) {
        if (eid[position] === eid[position + 1]) continue;
        const swapped = `${eid.slice(0, position)}${eid[position + 1]}${eid[position]}${eid.slice(position + 2)}`;
        expect(checkEid(swapped), `${eid} with digits ${position} and ${position + 1} swapped`).toEqual({
          ok: false,
          code: "EID_CHECKSUM",
        });
        swaps++;
      }
    }
    expect(swaps).toBeGreaterThan(1000);
  });

  it("refuses wrong check digits on a valid start", () => {
    const first30 = VALID_EIDS[3]!.slice(0, 30);
    const right = eidCheckDigits(first30);
    const wrong = String((Number(right) + 1) % 100).padStart(2, "0");
    expect(checkEid(first30 + wrong)).toEqual({ ok: false, code: "EID_CHECKSUM" });
  });
});
