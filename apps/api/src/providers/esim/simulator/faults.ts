/** Faults the simulator injects (SIMULATOR_FAULTS), so provisioning can be proven against a bad upstream. */
export interface SimulatorFaults {
  /** Share of calls refused at once with a retryable error (nothing done). */
  errorProbability: number;
  /** Share of calls that do their work, then answer nothing: the caller sees a timeout and must retry. */
  timeoutProbability: number;
  /** Seconds added to every allocation. */
  slowSeconds: number;
}

export const NO_FAULTS: SimulatorFaults = Object.freeze({ errorProbability: 0, timeoutProbability: 0, slowSeconds: 0 });

/**
 * Parses `error=0.2,timeout=0.1,slow=20`; an empty string means no faults. Throws on anything else, so a typo
 * in the environment stops the start instead of silently testing nothing.
 */
export function parseSimulatorFaults(text: string): SimulatorFaults {
  const faults = { ...NO_FAULTS };
  for (const part of text.split(",")) {
    const entry = part.trim();
    if (entry === "") continue;
    const match = /^(error|timeout|slow)\s*=\s*(\d+(?:\.\d+)?)$/.exec(entry);
    if (!match) throw new Error(`SIMULATOR_FAULTS: cannot read "${entry}" (expected error=0.2,timeout=0.1,slow=20)`);
    const value = Number(match[2]);
    if (match[1] === "slow") {
      faults.slowSeconds = value;
      continue;
    }
    if (value > 1) throw new Error(`SIMULATOR_FAULTS: ${match[1]} is a probability between 0 and 1`);
    if (match[1] === "error") faults.errorProbability = value;
    else faults.timeoutProbability = value;
  }
  if (faults.errorProbability + faults.timeoutProbability > 1) {
    throw new Error("SIMULATOR_FAULTS: error + timeout cannot exceed 1");
  }
  return faults;
}
