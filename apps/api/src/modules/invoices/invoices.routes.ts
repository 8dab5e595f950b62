import {
  exportInvoices,
  getCreditNotePdf,
  getSellerIdentity,
  listCreditNotes,
  setSellerIdentity,
} from "@esim/shared/console/invoicing-contract";
import { API_BASE_PATH } from "@esim/shared/http";
import { getOrderCreditNotePdf, listOrderCreditNotes } from "@esim/shared/invoices/credit-notes-contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import { algiersDays } from "../../lib/algiers-days.ts";
import { AppError } from "../../lib/app-error.ts";
import { sendCsv } from "../../lib/csv.ts";
import { addRawRoute, addRoute } from "../../lib/route.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  getCreditNotePdfForConsole,
  getUserCreditNotePdf,
  listCreditNotesForConsole,
  listUserOrderCreditNotes,
} from "./credit-notes.service.ts";
import { getInvoicePdf } from "./invoices.service.ts";
import { exportInvoicesCsv } from "./invoices-export.ts";
import { readSellerIdentityForConsole, setSellerIdentity as saveSellerIdentity } from "./seller-identity.ts";

const adminTags = ["admin"];

/** A PDF to download, never cached (it names the customer). */
function sendPdf(reply: FastifyReply, document: { number: string; pdf: Buffer }) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${document.number}.pdf"`)
    .header("cache-control", "private, no-store")
    .send(document.pdf);
}

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
      return sendPdf(reply, { number, pdf });
    },
  );

  addRoute(
    app,
    listOrderCreditNotes,
    async ({ params, user }) => ({
      data: (await listUserOrderCreditNotes(app.deps, user.id, params.id)).map((row) => ({
        ...row,
        issuedAt: row.issuedAt.toISOString(),
      })),
    }),
    { tags: ["orders"], summary: "The credit notes (avoirs) of one of the caller's orders" },
  );

  addRawRoute(
    app,
    getOrderCreditNotePdf,
    async ({ params, query, user, reply }) =>
      sendPdf(
        reply,
        await getUserCreditNotePdf(app.deps, {
          userId: user.id,
          orderIdOrNumber: params.id,
          number: params.number,
          language: query.lang,
        }),
      ),
    { tags: ["orders"], summary: "A credit note of one of the caller's orders, as a PDF (?lang= or its language)" },
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
    {
      tags: adminTags,
      summary: "The invoices and credit notes issued between two Algiers days as CSV, with the net (admin)",
    },
  );

  addRoute(
    app,
    listCreditNotes,
    async ({ query }) => {
      if (query.from > query.to) throw new AppError("VALIDATION_FAILED", { fields: { from: "INVALID" } });
      const page = query.page ?? 1;
      const { rows, hasMore } = await listCreditNotesForConsole(app.deps, { ...algiersDays(query), page });
      return {
        data: rows.map(({ creditNote, invoice, order }) => ({
          number: creditNote.number,
          issuedAt: creditNote.issuedAt.toISOString(),
          invoiceNumber: invoice.number,
          orderNumber: order.number,
          customerName: order.billing.name,
          customerEmail: order.billing.email,
          amountHtDzdMinor: creditNote.amountHtDzdMinor,
          tvaDzdMinor: creditNote.tvaDzdMinor,
          amountTtcDzdMinor: creditNote.amountTtcDzdMinor,
          reason: creditNote.reason,
        })),
        page,
        hasMore,
      };
    },
    { tags: adminTags, summary: "The credit notes issued between two Algiers days, a page at a time (admin)" },
  );

  addRawRoute(
    app,
    getCreditNotePdf,
    async ({ params, query, reply }) =>
      sendPdf(reply, await getCreditNotePdfForConsole(app.deps, { number: params.number, language: query.lang })),
    { tags: adminTags, summary: "A credit note as a PDF (admin)" },
  );
}
