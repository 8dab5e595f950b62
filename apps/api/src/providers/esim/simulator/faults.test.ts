import { describe, expect, it } from "vitest";
import { NO_FAULTS, parseSimulatorFaults } from "./faults.ts";

describe("parseSimulatorFaults", () => {
  it("reads SIMULATOR_FAULTS", () => {
    expect(parseSimulatorFaults("error=0.2,timeout=0.1,slow=20")).toEqual({
      errorProbability: 0.2,
      timeoutProbability: 0.1,
      slowSeconds: 20,
    });
    expect(parseSimulatorFaults(" slow = 5 ")).toEqual({ ...NO_FAULTS, slowSeconds: 5 });
  });

  it("means no faults when empty", () => {
    expect(parseSimulatorFaults("")).toEqual(NO_FAULTS);
  });

  it.each(["error", "errors=0.1", "error=2", "error=0.6,timeout=0.6", "slow=-1", "timeout=abc"])(
    "refuses %s so a typo does not silently test nothing",
    (text) => {
      expect(() => parseSimulatorFaults(text)).toThrow(/SIMULATOR_FAULTS/);
    },
  );
});
