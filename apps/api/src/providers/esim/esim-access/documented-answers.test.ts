import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "../esim-port.ts";
import { createEsimAccessProvider } from "./esim-access-provider.ts";

/** The documented example answers (fixtures/README.md), replayed through the unmodified client by a stubbed fetch. */
function fixture(name: string): { success: boolean; obj: unknown } {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
}

type Body = Record<string, unknown>;
type Answer = (body: Body) => unknown;

function replaying(answers: Record<string, Answer>) {
  const log = { warnings: [] as string[], warn: (_details: object, message: string) => log.warnings.push(message) };
  const asked: { path: string; body: Body }[] = [];
  const stub: typeof fetch = async (input, init) => {
    const path = String(input).split("/api/v1/open/")[1] ?? "";
    const body = JSON.parse(String(init?.body ?? "{}")) as Body;
    asked.push({ path, body });
    const answer = answers[path];
    if (!answer) return new Response("not found", { status: 404 });
    return new Response(JSON.stringify(answer(body)), { headers: { "content-type": "application/json" } });
  };
  const provider = createEsimAccessProvider({ baseUrl: "https://api.example", accessCode: "code", fetch: stub, log });
  return { provider, log, asked };
}

const timePeriod = fixture("esim-query-time-period");
const timePeriodList = (
  timePeriod.obj as {
    esimList: {
      orderNo: string;
      esimTranNo: string;
      iccid: string;
      ac: string;
      transactionId: string;
      esimStatus: string;
      smdpStatus: string;
    }[];
  }
).esimList;

/** esim/query as the upstream filters it, over the profiles of the time-period example. */
function queryOver(list: typeof timePeriodList): Answer {
  return (body) => {
    if (body.startTime) return timePeriod;
    const esimList = list.filter(
      (profile) =>
        (body.orderNo && profile.orderNo === body.orderNo) ||
        (body.esimTranNo && profile.esimTranNo === body.esimTranNo),
    );
    return {
      success: true,
      errorCode: "0",
      errorMsg: null,
      obj: { esimList, pager: { pageNum: 1, pageSize: 50, total: esimList.length } },
    };
  };
}

describe("the documented package/list answer", () => {
  it("becomes one plan for Slovenia, 5 GB for 30 days, starting at installation", async () => {
    const { provider } = replaying({ "package/list": () => fixture("package-list") });
    const packages = await provider.listPackages();
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({
      code: "CKH139",
      destination: { code: "SI", type: "country" },
      dataMb: 5120,
      validityDays: 30,
      validityStart: "installation",
      costUsdE4: 112_500,
      isTopUp: false,
    });
  });
});

describe("the documented esim/order and esim/query answers", () => {
  it("orders and reads back the documented profile with its install code and ICCID", async () => {
    const { provider } = replaying({
      "esim/order": () => fixture("esim-order"),
      "esim/query": () => fixture("esim-query-by-order"),
    });
    const { upstreamOrderNo } = await provider.orderProfiles({
      transactionId: "your_txn_id",
      packageCode: "7aa948d363",
      count: 1,
      unitPriceUsdE4: 15_000,
    });
    expect(upstreamOrderNo).toBe("B23051616050537");
    const answer = await provider.queryOrder("B23120118131854");
    expect(answer).toMatchObject({
      state: "ready",
      profiles: [
        {
          reference: "23120118156818",
          iccid: "8943108170000775671",
          smdpAddress: "rsp-eu.redteamobile.com",
          matchingId: "43DE23C67EE747BCAD6B63E8B67B261F",
          status: "Canceled",
        },
      ],
    });
  });

  it("answers allocating on the documented 200010", async () => {
    const { provider } = replaying({ "esim/query": () => fixture("error-200010") });
    expect(await provider.queryOrder("B25080914060004")).toEqual({ state: "allocating" });
  });
});

describe("the documented 'Query with time period' answer (7 of 15 without ICCID, 2 without activation code)", () => {
  it("delivers a new profile that has its activation code but no ICCID yet", async () => {
    const fresh = timePeriodList.find(
      (profile) => profile.iccid === "" && profile.ac !== "" && profile.esimStatus === "GOT_RESOURCE",
    )!;
    const { provider } = replaying({ "esim/query": queryOver(timePeriodList) });
    const answer = await provider.queryOrder(fresh.orderNo);
    expect(answer.state).toBe("ready");
    if (answer.state !== "ready") return;
    expect(answer.profiles[0]).toMatchObject({ iccid: null, status: "New", activationCode: fresh.ac });
    expect(await provider.queryProfile(fresh.esimTranNo)).toMatchObject({ iccid: null, status: "New" });
  });

  it("keeps an order whose profile has no activation code allocating, and logs it", async () => {
    const noCode = timePeriodList.find((profile) => profile.ac === "")!;
    const { provider, log } = replaying({ "esim/query": queryOver(timePeriodList) });
    expect(await provider.queryOrder(noCode.orderNo)).toEqual({ state: "allocating" });
    expect(log.warnings).toHaveLength(1);
  });

  it("finds a lost order number by the date search across the whole list", async () => {
    const last = timePeriodList.at(-1)!;
    const { provider } = replaying({
      "esim/order": () => fixture("error-200008"),
      "esim/query": queryOver(timePeriodList),
    });
    const found = await provider.orderProfiles({
      transactionId: last.transactionId,
      packageCode: "CKH003",
      count: 1,
      unitPriceUsdE4: 10_000,
    });
    expect(found).toEqual({ upstreamOrderNo: last.orderNo });
  });
});

describe("the documented esim/topup, esim/cancel, balance/query and usage answers", () => {
  it("counts the documented top-up answer as applied, with no extra call", async () => {
    const { provider, asked } = replaying({ "esim/topup": () => fixture("esim-topup") });
    await provider.topUp({
      reference: "26032702180013",
      packageCode: "TOPUP_JC172",
      transactionId: "1747191693771_topup_partner7",
      priceUsdE4: 10_000,
    });
    expect(asked.map((request) => request.path)).toEqual(["esim/topup"]);
  });

  it("takes the documented 200008 on a top-up as a refusal, never as an earlier success", async () => {
    const { provider } = replaying({ "esim/topup": () => fixture("error-200008") });
    const error = await provider
      .topUp({ reference: "26032702180013", packageCode: "TOPUP_JC172", transactionId: "t", priceUsdE4: 10_000 })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false, upstreamCode: "200008" });
  });

  it("reads the documented cancel, balance and usage answers", async () => {
    const { provider } = replaying({
      "esim/cancel": () => fixture("esim-cancel"),
      "balance/query": () => fixture("balance-query"),
      "esim/query": () => fixture("esim-query-by-order"),
      "esim/usage/query": () => fixture("esim-usage-query"),
    });
    await provider.cancel("23120118156818");
    expect(await provider.getBalance()).toEqual({ balanceUsdE4: 940_000 });
    // The documented usage example names another eSIM: the profile's own orderUsage stands.
    expect(await provider.queryProfile("23120118156818")).toMatchObject({ usedBytes: 0, totalBytes: 5_368_709_120 });
  });

  it("reports the documented 310272 as a refusal not worth retrying", async () => {
    const { provider } = replaying({ "esim/query": () => fixture("error-310272") });
    expect(await provider.queryOrder("B0").catch((reason: unknown) => reason)).toMatchObject({
      isRetryable: false,
      upstreamCode: "310272",
    });
  });
});
