import { getMe, requestCode } from "@esim/shared/auth/contracts";
import { getOperatorMe } from "@esim/shared/console/contracts";
import { getOrder } from "@esim/shared/orders/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, ME } from "../test/fake-api.ts";
import { ApiError, buildApiUrl, callApi, fetchApiFile, NetworkError } from "./api-client.ts";
import { registerNavigator } from "./navigation.ts";
import { getSession, startSession, stopSession } from "./session.ts";

describe("callApi", () => {
  beforeEach(async () => {
    window.localStorage.setItem("Token", "token-1");
    await startSession();
  });
  afterEach(() => {
    stopSession();
    registerNavigator(null);
    vi.unstubAllGlobals();
    window.history.replaceState(null, "", "/");
  });

  it("sends the stored token and parses the answer with the contract", async () => {
    const { calls } = fakeApi({ "GET /auth/me": () => ({ body: { data: ME } }) });
    const answer = await callApi(getMe, {});
    expect(answer.data.email).toBe(ME.email);
    expect(calls[0]?.path).toBe("/auth/me");
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer token-1");
  });

  it("sends a console call below the admin base with the caller's own token, and leaves the customer's session on 401", async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    const onUnauthorized = vi.fn();
    const { calls } = fakeApi({ "GET /api/v1/admin/me": () => apiError(401, "UNAUTHENTICATED") });
    const call = callApi(getOperatorMe, { auth: { readToken: () => "operator-1", onUnauthorized } });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer operator-1");
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getSession().token).toBe("token-1");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("on 401 removes the token, sends the user to AuthPage with the way back, and still rejects", async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    window.history.replaceState(null, "", "/profile?tab=1");
    fakeApi({ "GET /auth/me": () => apiError(401, "UNAUTHENTICATED") });

    const call = callApi(getMe, {});
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    expect(window.localStorage.getItem("Token")).toBeNull();
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login?redirect=%2Fprofile%3Ftab%3D1", { replace: true });
  });

  it("reads the error envelope: code, fields and Retry-After", async () => {
    fakeApi({
      "POST /auth/code": () =>
        apiError(429, "CODE_RESEND_TOO_SOON", { email: "EMAIL_INVALID" }, { "retry-after": "42" }),
    });
    const error = await callApi(requestCode, { body: { email: "a@b.dz" } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 429,
      code: "CODE_RESEND_TOO_SOON",
      fields: { email: "EMAIL_INVALID" },
      retryAfterSeconds: 42,
    });
    expect(window.localStorage.getItem("Token")).toBe("token-1");
  });

  it("turns a failed fetch into a NetworkError", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(callApi(getMe, {})).rejects.toBeInstanceOf(NetworkError);
  });
});

describe("API addresses", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("stay relative on the web, with path parameters encoded and empty query values left out", () => {
    expect(
      buildApiUrl({ path: "/orders/:orderId" }, { params: { orderId: "a/b c" }, query: { page: 2, q: undefined } }),
    ).toBe("/api/v1/app/orders/a%2Fb%20c?page=2");
  });

  it("start with VITE_API_ORIGIN in the native apps", () => {
    vi.stubEnv("VITE_API_ORIGIN", "https://esim-store.dz/");
    expect(buildApiUrl({ path: "/auth/me" })).toBe("https://esim-store.dz/api/v1/app/auth/me");
  });

  it("send the native apps' calls and file downloads to the API's host", async () => {
    vi.stubEnv("VITE_API_ORIGIN", "https://esim-store.dz");
    const { calls } = fakeApi({
      "GET /orders/o1": () => ({ status: 404, body: { error: { code: "ORDER_NOT_FOUND", message: "x" } } }),
      "GET /orders/o1/invoice": () => ({ body: {} }),
    });
    await callApi(getOrder, { params: { id: "o1" } }).catch(() => {});
    await fetchApiFile("/orders/o1/invoice?lang=fr");
    expect(calls.map((call) => call.url.href)).toEqual([
      "https://esim-store.dz/api/v1/app/orders/o1",
      "https://esim-store.dz/api/v1/app/orders/o1/invoice?lang=fr",
    ]);
  });
});
