import { exportInvoices, getSellerIdentity, setSellerIdentity } from "@esim/shared/admin/invoicing-contract";
import { API_BASE_PATH } from "@esim/shared/http";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { sendCsv } from "../../lib/csv.ts";
import { addRawRoute, addRoute } from "../../lib/route.ts";
import { requireUser } from "../../plugins/auth.ts";
import { getInvoicePdf } from "./invoices.service.ts";
import { exportInvoicesCsv } from "./invoices-export.ts";
import { readSellerIdentityForConsole, setSellerIdentity as saveSellerIdentity } from "./seller-identity.ts";

const adminTags = ["admin"];

/** GET /orders/{id}/invoice answers a PDF, not the JSON envelope: registered directly, not through a contract. */
export async function invoicesRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    `${API_BASE_PATH}/orders/:id/invoice`,
    {
      // As addRoute's signed-in routes: authenticated before the input is read, and the document says so.
      preParsing: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The invoice of one of the caller's paid orders, as a PDF (in the user's language or ?lang=)",
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { number, pdf } = await getInvoicePdf(app.deps, {
        userId: user.id,
        idOrNumber: request.params.id,
        language: request.query.lang,
        userLanguage: user.language,
      });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${number}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  addRoute(
    app,
    getSellerIdentity,
    async () => {
      const { identity, isFromConfiguration } = await readSellerIdentityForConsole(app.deps.db, app.deps.config);
      return { data: identity, isFromConfiguration };
    },
    { tags: adminTags, summary: "The seller's legal identity and TVA printed on invoices (admin)" },
  );

  addRoute(
    app,
    setSellerIdentity,
    async ({ body, operator, request }) => ({
      data: await saveSellerIdentity(app.deps, {
        identity: body,
        actor: { operatorId: operator.id, ip: request.ip },
      }),
      isFromConfiguration: false,
    }),
    { tags: adminTags, summary: "Set the seller's identity for invoices issued from now on (admin)" },
  );

  addRawRoute(
    app,
    exportInvoices,
    async ({ query, reply }) => {
      if (query.from > query.to) throw new AppError("VALIDATION_FAILED", { fields: { from: "INVALID" } });
      const { csv } = await exportInvoicesCsv(app.deps, { from: query.from, to: query.to });
      return sendCsv(reply, { filename: `factures-${query.from}-${query.to}.csv`, csv });
    },
    { tags: adminTags, summary: "The invoices issued between two Algiers days as CSV, for the accountant (admin)" },
  );
}
