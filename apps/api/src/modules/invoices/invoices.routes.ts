import { API_BASE_PATH } from "@esim/shared/http";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../plugins/auth.ts";
import { getInvoicePdf } from "./invoices.service.ts";

/** GET /orders/{id}/invoice answers a PDF, not the JSON envelope: registered directly, not through a contract. */
export async function invoicesRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    `${API_BASE_PATH}/orders/:id/invoice`,
    {
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The invoice of one of the caller's paid orders, as a PDF (in the user's language or ?lang=)",
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
}
