import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readPendingSignIn } from "../../../lib/storage.ts";
import { useSignInFlow } from "./use-sign-in-flow.ts";

const START = Date.UTC(2026, 10, 28, 9, 0, 0);

describe("the sign-in flow's code step", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it("goes back to the email step, its email kept, when the open code dies", () => {
    const { result } = renderHook(() => useSignInFlow());
    act(() => result.current[1]({ type: "codeSent", email: "amina@example.com", resendAfterSeconds: 60 }));
    expect(result.current[0].step).toBe("code");
    expect(readPendingSignIn()).toEqual({
      email: "amina@example.com",
      codeExpiresAtMs: START + 10 * 60_000,
      resendDeadlineMs: START + 60_000,
    });

    act(() => vi.advanceTimersByTime(10 * 60_000 - 1));
    expect(result.current[0].step).toBe("code");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toMatchObject({ step: "email", email: "amina@example.com" });
    expect(readPendingSignIn()).toBeNull();
  });

  it("dates a code the server sent earlier ('too soon') from when it was sent, and a resent one from now", () => {
    const { result } = renderHook(() => useSignInFlow());
    // Asked again 20 s after the first code: the server says wait 40 s, the first code lives on.
    act(() => result.current[1]({ type: "codeSent", email: "amina@example.com", resendAfterSeconds: 40 }));
    expect(result.current[0].codeExpiresAtMs).toBe(START + 10 * 60_000 - 20_000);

    act(() => vi.advanceTimersByTime(60_000));
    // A refused resend changes the wait only; a new code lives from now.
    act(() => result.current[1]({ type: "resendWindowSet", resendAfterSeconds: 5, isNewCode: false }));
    expect(result.current[0].codeExpiresAtMs).toBe(START + 10 * 60_000 - 20_000);
    act(() => result.current[1]({ type: "resendWindowSet", resendAfterSeconds: 60, isNewCode: true }));
    expect(result.current[0].codeExpiresAtMs).toBe(START + 60_000 + 10 * 60_000);
    expect(readPendingSignIn()?.codeExpiresAtMs).toBe(START + 60_000 + 10 * 60_000);
  });

  it("forgets the pending sign-in once the code is accepted", () => {
    const { result } = renderHook(() => useSignInFlow());
    act(() => result.current[1]({ type: "codeSent", email: "amina@example.com", resendAfterSeconds: 60 }));
    act(() => result.current[1]({ type: "verified", isProfileComplete: false }));
    expect(result.current[0].step).toBe("profile");
    expect(readPendingSignIn()).toBeNull();
  });
});
