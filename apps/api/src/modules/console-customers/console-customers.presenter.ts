import type { CustomerDetail, CustomerEsim, CustomerSummary } from "@esim/shared/console/customers-contract";
import { toConsolePlan } from "@esim/shared/console/plan-view";
import { toDisplayText } from "@esim/shared/display-text";
import type { UserRow } from "../account/index.ts";
import type { listAutoTopUpsOfUser } from "../auto-top-up/index.ts";
import type { listCreditLoadsOf } from "../credit-loads/index.ts";
import { type EsimView, isEsimAvailable } from "../esims/index.ts";
import type { listCustomerDevices, listCustomerOrders, listCustomerSessions } from "./console-customers.repo.ts";

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function presentCustomerSummary(row: { user: UserRow; orderCount: number }): CustomerSummary {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    name: user.name === null ? null : toDisplayText(user.name),
    phone: user.phone,
    country: user.country,
    createdAt: user.createdAt.toISOString(),
    deletedAt: iso(user.deletedAt),
    orderCount: Number(row.orderCount),
  };
}

export function presentCustomerEsim(view: EsimView, now: Date): CustomerEsim {
  const { esim } = view;
  return {
    id: esim.id,
    iccid: esim.iccid,
    orderNumber: view.orderNumber,
    status: esim.status,
    isAvailable: isEsimAvailable(esim, now),
    destinationCode: view.destination.code,
    plan: toConsolePlan(view.package),
    dataTotalBytes: esim.dataTotalBytes,
    dataUsedBytes: esim.dataUsedBytes,
    usageUpdatedAt: iso(esim.usageUpdatedAt),
    expiresAt: iso(esim.expiresAt),
  };
}

export function presentCustomerDetail(input: {
  user: UserRow;
  pin: CustomerDetail["pin"];
  orders: Awaited<ReturnType<typeof listCustomerOrders>>;
  esims: EsimView[];
  devices: Awaited<ReturnType<typeof listCustomerDevices>>;
  sessions: Awaited<ReturnType<typeof listCustomerSessions>>;
  payLinks: NonNullable<CustomerDetail["payLinks"]>;
  autoTopUps: Awaited<ReturnType<typeof listAutoTopUpsOfUser>>;
  creditLoads: {
    load: Awaited<ReturnType<typeof listCreditLoadsOf>>[number];
    provider: string | null;
    providerReference: string | null;
  }[];
  now: Date;
}): CustomerDetail {
  const { user } = input;
  return {
    profile: {
      id: user.id,
      email: user.email,
      name: user.name === null ? null : toDisplayText(user.name),
      phone: user.phone,
      country: user.country,
      isVerified: user.isVerified,
      language: user.language,
      currency: user.currency,
      createdAt: user.createdAt.toISOString(),
      deletedAt: iso(user.deletedAt),
    },
    pin: input.pin,
    orders: input.orders.map(({ order, plan, rejectedBy }) => ({
      number: order.number,
      kind: order.kind,
      status: order.status,
      destinationCode: plan.destinationCode,
      plan: toConsolePlan(plan),
      quantity: order.quantity,
      chargeDzdMinor: order.chargeDzdMinor,
      createdAt: order.createdAt.toISOString(),
      rejectedBy,
    })),
    esims: input.esims.map((view) => presentCustomerEsim(view, input.now)),
    devices: input.devices.map((device) => ({
      id: device.id,
      platform: device.platform,
      model: device.model,
      osVersion: device.osVersion,
      appVersion: device.appVersion,
      deviceLocale: device.deviceLocale,
      hasPushToken: device.pushToken !== null,
      updatedAt: device.updatedAt.toISOString(),
    })),
    sessions: input.sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      userAgent: session.userAgent,
    })),
    payLinks: input.payLinks,
    autoTopUps: input.autoTopUps.map(({ settings, plan, boughtThisMonth, lastOrderedAt }) => ({
      esimId: settings.esimId,
      isEnabled: settings.isEnabled,
      plan: plan ? toConsolePlan(plan) : null,
      thresholdPercent: settings.thresholdPercent,
      isOnValidityEnding: settings.isOnValidityEnding,
      monthlyCap: settings.monthlyCap,
      boughtThisMonth,
      lastOrderedAt: lastOrderedAt?.toISOString() ?? null,
      updatedAt: settings.updatedAt.toISOString(),
    })),
    creditLoads: input.creditLoads.map(({ load, provider, providerReference }) => ({
      id: load.id,
      amountDzdMinor: load.amountDzdMinor,
      status: load.status,
      paymentMethod: load.paymentMethod,
      createdAt: load.createdAt.toISOString(),
      paidAt: load.paidAt?.toISOString() ?? null,
      endedAt: load.endedAt?.toISOString() ?? null,
      receiptNumber: load.receiptNumber,
      provider,
      providerReference,
    })),
  };
}
