import {
  getCustomer as getCustomerEndpoint,
  listCustomers as listCustomersEndpoint,
  refreshCustomerEsims as refreshCustomerEsimsEndpoint,
  revokeCustomerSession as revokeCustomerSessionEndpoint,
  unblockCustomerPin as unblockCustomerPinEndpoint,
} from "@esim/shared/console/customers-contract";
import {
  getCustomerStoreCredit as getCustomerStoreCreditEndpoint,
  issueCustomerStoreCredit as issueCustomerStoreCreditEndpoint,
} from "@esim/shared/store-credit/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentCustomerDetail, presentCustomerEsim, presentCustomerSummary } from "./console-customers.presenter.ts";
import {
  getCustomer,
  listCustomers,
  refreshCustomerEsims,
  revokeCustomerSession,
  unblockCustomerPin,
} from "./console-customers.service.ts";
import { getCustomerCredit, issueCustomerCredit } from "./customer-credit.service.ts";

const tags = ["admin"];

/** The console's customers (decision 038): admin and support alike; changes are audited. */
export async function consoleCustomersRoutes(app: FastifyInstance) {
  addRoute(
    app,
    listCustomersEndpoint,
    async ({ query }) => {
      const found = await listCustomers(app.deps, { query: query.q, state: query.state, page: query.page });
      return { data: found.rows.map(presentCustomerSummary), page: found.page, hasMore: found.hasMore };
    },
    { tags, summary: "Search customers by email, phone or name (live or deleted accounts)" },
  );

  addRoute(
    app,
    getCustomerEndpoint,
    async ({ params }) => ({ data: presentCustomerDetail(await getCustomer(app.deps, { userId: params.id })) }),
    { tags, summary: "A customer's profile, PIN state, orders, eSIMs, devices and live sessions" },
  );

  addRoute(
    app,
    refreshCustomerEsimsEndpoint,
    async ({ params, request }) => {
      const { esims, now } = await refreshCustomerEsims(app.deps, { userId: params.id, log: request.log });
      return { data: esims.map((view) => presentCustomerEsim(view, now)) };
    },
    { tags, summary: "Ask the upstream for the live status and usage of a customer's eSIMs" },
  );

  addRoute(
    app,
    revokeCustomerSessionEndpoint,
    async ({ params, operator, request }) =>
      revokeCustomerSession(app.deps, { sessionId: params.id, actor: { operatorId: operator.id, ip: request.ip } }),
    { tags, summary: "End one of a customer's sessions (audited)" },
  );

  addRoute(
    app,
    unblockCustomerPinEndpoint,
    async ({ params, operator, request }) => ({
      data: await unblockCustomerPin(app.deps, {
        userId: params.id,
        actor: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Unblock a customer's PIN after 4 wrong tries, keeping it (audited)" },
  );

  addRoute(
    app,
    getCustomerStoreCreditEndpoint,
    async ({ params }) => ({ data: await getCustomerCredit(app.deps, { userId: params.id }) }),
    { tags, summary: "A customer's store credit: balance and history (the ledger's)" },
  );

  addRoute(
    app,
    issueCustomerStoreCreditEndpoint,
    async ({ params, body, operator, request }) => ({
      data: await issueCustomerCredit(app.deps, {
        userId: params.id,
        amountDzd: body.amountDzd,
        reason: body.reason,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        actor: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Give a customer store credit with a reason and an optional expiry (admins; audited)" },
  );
}
