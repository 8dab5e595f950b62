import type { AuditEntryView } from "@esim/shared/console/contracts";
import type { CustomerDetail } from "@esim/shared/console/customers-contract";
import type { Dashboard } from "@esim/shared/console/dashboard-contract";
import type { ConsoleOrderDetail, ConsoleOrderSummary } from "@esim/shared/console/orders-contract";

// What the fake API answers the console in its tests: one shop's figures, an order, a customer, the audit log.

function salesWindow(paidOrders: number, grossDzdMinor: number, started: number, refundsDzdMinor = 0) {
  return {
    from: "2026-11-24T00:00:00+01:00",
    paidOrders,
    grossDzdMinor,
    refundsDzdMinor,
    netDzdMinor: grossDzdMinor - refundsDzdMinor,
    checkoutsStarted: started,
    checkoutsPaid: paidOrders,
    conversionRate: started === 0 ? null : paidOrders / started,
  };
}

export const DASHBOARD: Dashboard = {
  generatedAt: "2026-11-24T10:00:00Z",
  timeZone: "Africa/Algiers",
  sales: {
    today: salesWindow(3, 1_920_000, 4, 320_000),
    last7Days: salesWindow(20, 12_800_000, 40),
    last30Days: salesWindow(80, 51_200_000, 100),
  },
  dailySales: Array.from({ length: 30 }, (_, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, "0")}`,
    paidOrders: index % 3,
    grossDzdMinor: (index % 3) * 640_000,
    refundsDzdMinor: 0,
    netDzdMinor: (index % 3) * 640_000,
  })),
  undelivered: {
    count: 1,
    orders: [
      {
        number: "ORD-1001",
        since: "2026-11-24T09:15:00Z",
        ageMinutes: 45,
        provisioningAttempts: 1,
        attentionKind: null,
      },
    ],
  },
  provisioningFailures: {
    count: 1,
    orders: [{ number: "ORD-0999", since: "2026-11-23T08:00:00Z", ageMinutes: 1560, reason: "UPSTREAM_DOWN" }],
  },
  pendingCancellations: {
    count: 1,
    refundDzdMinor: 640_000,
    requests: [
      { id: "c-1", orderNumber: "ORD-0990", since: "2026-11-24T08:00:00Z", ageMinutes: 120, refundDzdMinor: 640_000 },
    ],
  },
  refundsOwed: {
    count: 1,
    totalDzdMinor: 1_280_000,
    overdueCount: 1,
    orders: [
      {
        number: "ORD-0900",
        since: "2026-11-14T08:00:00Z",
        ageMinutes: 14_400,
        amountDzdMinor: 1_280_000,
        isOverdue: true,
      },
    ],
  },
  upstreamBalance: { state: "known", balanceUsdE4: 1_250_000, lowThresholdUsdE4: 2_000_000, isLow: true },
};

const TURKEY_5GB_30_DAYS = {
  destinationCode: "TR",
  dataMb: 5120,
  isUnlimited: false,
  dataType: 1,
  validityDays: 30,
  nameOverrides: null,
};

export const ORDER_SUMMARY: ConsoleOrderSummary = {
  number: "ES26-000042",
  status: "delivered",
  attentionKind: null,
  createdAt: "2026-11-24T10:58:00Z",
  email: "amina@example.com",
  plan: TURKEY_5GB_30_DAYS,
  quantity: 1,
  chargeDzdMinor: 12_000,
  rejectedBy: null,
};

/** A delivered order with a refund sent, its eSIMs in every state the supplier reports, and a full history. */
export const ORDER_DETAIL: ConsoleOrderDetail = {
  number: "ES26-000042",
  status: "delivered",
  rejectedBy: null,
  kind: "new",
  attention: null,
  createdAt: "2026-11-24T10:58:00Z",
  paidAt: "2026-11-24T10:59:00Z",
  deliveredAt: "2026-11-24T11:00:00Z",
  customer: { userId: "u-1", email: "amina@example.com", name: "Amina Benali", country: "DZ", language: "ar" },
  plan: { ...TURKEY_5GB_30_DAYS, upstreamCode: "TR_5_30" },
  quantity: 3,
  currency: "DZD",
  totalMinor: 12_000,
  chargeDzdMinor: 12_000,
  couponCode: "ETE2026",
  payment: {
    id: "0b8f5a4e-5d0c-4c55-9a1e-0d7e7f1a2b3c",
    provider: "chargily",
    method: "edahabia",
    status: "successful",
    providerReference: "chk_123",
    amountDzdMinor: 12_000,
    paidAt: "2026-11-24T10:59:00Z",
  },
  provisioning: { attempts: 1, lastError: null, upstreamOrderNo: "B26112410590001", job: null },
  esims: (["New", "In Use", "Canceled"] as const).map((status, index) => ({
    id: `e-${index}`,
    iccid: `898824700000123456${index}`,
    status,
    dataUsedBytes: 0,
    dataTotalBytes: 5 * 1024 ** 3,
    usageUpdatedAt: null,
    isCancellable: false,
  })),
  refund: {
    totalOwedDzdMinor: 0,
    owedDzdMinor: 0,
    heldDzdMinor: 0,
    sent: [
      {
        amountDzdMinor: 4_000,
        method: "ccp_transfer",
        reference: "VIR-0042",
        at: "2026-11-25T09:00:00Z",
        by: { kind: "operator", name: "nadia@esim-store.dz" },
      },
    ],
    choice: null,
  },
  actions: {
    canRetryProvisioning: false,
    canResendInstallEmail: true,
    canRecordRefund: false,
    canDecideHeldPayment: false,
    canRefundHeldMoney: false,
  },
  timeline: [
    {
      kind: "status",
      at: "2026-11-24T10:58:00Z",
      event: "created",
      attentionKind: null,
      fromStatus: null,
      toStatus: "not_paid",
      note: null,
      actor: { kind: "customer", name: null },
    },
    {
      kind: "status",
      at: "2026-11-24T10:59:00Z",
      event: "paid",
      attentionKind: null,
      fromStatus: "pending",
      toStatus: "confirmed",
      note: null,
      actor: { kind: "gateway", name: "chargily" },
    },
    {
      kind: "status",
      at: "2026-11-24T11:00:00Z",
      event: "delivered",
      attentionKind: null,
      fromStatus: "confirmed",
      toStatus: "delivered",
      note: null,
      actor: { kind: "system", name: null },
    },
    {
      kind: "operator",
      at: "2026-11-24T12:00:00Z",
      action: "order.install_email_resent",
      operatorEmail: "nadia@esim-store.dz",
    },
  ],
};

export const CUSTOMER_ID = "33333333-3333-4333-8333-333333333333";

export const CUSTOMER_DETAIL: CustomerDetail = {
  profile: {
    id: CUSTOMER_ID,
    email: "amina@example.com",
    name: "Amina Benali",
    phone: "+213555123456",
    country: "DZ",
    isVerified: true,
    language: "ar",
    currency: "DZD",
    createdAt: "2026-10-01T09:00:00Z",
    deletedAt: null,
  },
  pin: { isSet: true, isBlocked: false, attemptsLeft: 4 },
  orders: [
    {
      number: "ES26-000042",
      kind: "new",
      status: "confirmed",
      destinationCode: "TR",
      plan: TURKEY_5GB_30_DAYS,
      quantity: 1,
      chargeDzdMinor: 12_000,
      createdAt: "2026-11-24T10:58:00Z",
      rejectedBy: null,
    },
  ],
  esims: [
    {
      id: "55555555-5555-4555-8555-555555555555",
      iccid: "8988247000001234567",
      orderNumber: "ES26-000042",
      status: "In Use",
      isAvailable: true,
      destinationCode: "TR",
      plan: TURKEY_5GB_30_DAYS,
      dataTotalBytes: 5 * 1024 ** 3,
      dataUsedBytes: 1024 ** 3,
      usageUpdatedAt: "2026-11-25T08:00:00Z",
      expiresAt: null,
    },
  ],
  devices: [],
  sessions: [],
  payLinks: [
    {
      id: "55555555-5555-4555-8555-555555555555",
      kind: "top_up",
      status: "paid",
      amountDzdMinor: 99_000,
      createdAt: "2026-11-24T08:00:00Z",
      expiresAt: "2026-11-27T08:00:00Z",
      paidAt: "2026-11-24T09:30:00Z",
      revokedAt: null,
    },
  ],
  autoTopUps: [
    {
      esimId: "55555555-5555-4555-8555-555555555555",
      isEnabled: true,
      plan: TURKEY_5GB_30_DAYS,
      thresholdPercent: 20,
      isOnValidityEnding: true,
      monthlyCap: 3,
      boughtThisMonth: 1,
      lastOrderedAt: "2026-11-25T07:15:00Z",
      updatedAt: "2026-11-23T18:00:00Z",
    },
  ],
  creditLoads: [
    {
      id: "66666666-6666-4666-8666-666666666666",
      amountDzdMinor: 100_000,
      status: "pending",
      paymentMethod: "cib",
      createdAt: "2026-11-26T11:00:00Z",
      paidAt: null,
      endedAt: null,
      receiptNumber: null,
      provider: "chargily",
      providerReference: "01jf4q2c9w8x7v6b5n4m3k2j1h",
    },
    {
      id: "77777777-7777-4777-8777-777777777777",
      amountDzdMinor: 200_000,
      status: "paid",
      paymentMethod: "edahabia",
      createdAt: "2026-11-20T09:00:00Z",
      paidAt: "2026-11-20T09:02:00Z",
      endedAt: null,
      receiptNumber: "R2026-000007",
      provider: "chargily",
      providerReference: "01jf3k9x2m8p7q6r5s4t3u2v1w",
    },
  ],
};

const auditEntry = (entry: Partial<AuditEntryView> & Pick<AuditEntryView, "id" | "action" | "entityType">) => ({
  operatorId: "op-1",
  operatorEmail: "nadia@esim-store.dz",
  entityId: null,
  entityLabel: null,
  before: null,
  after: null,
  ip: "198.51.100.7",
  createdAt: "2026-11-24T10:58:00Z",
  ...entry,
});

/** A promo code created, a refund recorded, the prices changed (by the command line). */
export const AUDIT_ENTRIES: AuditEntryView[] = [
  auditEntry({
    id: "3",
    action: "coupon.created",
    entityType: "coupon",
    entityId: "77777777-7777-4777-8777-777777777777",
    entityLabel: "ETE2026",
  }),
  auditEntry({ id: "2", action: "order.refund_recorded", entityType: "order", entityId: "ES26-000042" }),
  auditEntry({
    id: "1",
    action: "prices.update",
    entityType: "price_settings",
    entityId: "1",
    operatorId: null,
    operatorEmail: null,
    ip: null,
    before: { dzdPerUsd: "130", markupBps: 3000, destinationMarkups: { TR: 3500 }, serviceFeeDzdMinor: 0 },
    after: { dzdPerUsd: "135", markupBps: 3200, destinationMarkups: { TR: 4000 }, serviceFeeDzdMinor: 5_000 },
  }),
];
