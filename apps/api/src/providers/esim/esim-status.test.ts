import { describe, expect, it } from "vitest";
import type { EsimStatus } from "./esim-port.ts";
import { mapEsimStatus } from "./esim-status.ts";

describe("mapEsimStatus", () => {
  const table: [esimStatus: string, smdpStatus: string, usedBytes: number, expected: EsimStatus][] = [
    ["GOT_RESOURCE", "RELEASED", 0, "New"],
    ["GOT_RESOURCE", "ENABLED", 0, "Onboard"],
    ["IN_USE", "ENABLED", 0, "Onboard"],
    ["IN_USE", "ENABLED", 1, "In Use"],
    ["IN_USE", "DISABLED", 5_000, "In Use"],
    ["USED_UP", "ENABLED", 1_073_741_824, "Depleted"],
    ["USED_UP", "DISABLED", 1_073_741_824, "Depleted"],
    ["IN_USE", "DELETED", 10, "Deleted"],
    ["GOT_RESOURCE", "DELETED", 0, "Deleted"],
    ["USED_UP", "DELETED", 10, "Deleted"],
    ["CANCEL", "RELEASED", 0, "Canceled"],
    ["CANCEL", "DELETED", 0, "Canceled"],
    ["GOT_RESOURCE", "DOWNLOAD", 0, "Downloading"],
    ["GOT_RESOURCE", "INSTALLATION", 0, "Installing"],
    ["GOT_RESOURCE", "DISABLED", 0, "Ready"],
    ["GOT_RESOURCE", "ENABLED", 10, "Unknown"],
    ["USED_EXPIRED", "ENABLED", 10, "Used Expired"],
    ["USED_EXPIRED", "RELEASED", 0, "Used Expired"],
    ["USED_EXPIRED", "DELETED", 10, "Used Expired"],
    ["UNUSED_EXPIRED", "RELEASED", 0, "Unused Expired"],
    ["SUSPENDED", "ENABLED", 10, "Suspended"],
    ["REVOKED", "ENABLED", 10, "Revoked"],
    ["REVOKE", "DISABLED", 0, "Revoked"],
    ["GETTING_RESOURCE", "RELEASED", 0, "Unknown"],
    ["SOMETHING_NEW", "ENABLED", 0, "Unknown"],
    ["in_use", "enabled", 3, "In Use"],
  ];

  it.each(table)("%s + %s with %d bytes used is %s", (esimStatus, smdpStatus, usedBytes, expected) => {
    expect(mapEsimStatus({ esimStatus, smdpStatus, usedBytes })).toBe(expected);
  });
});
