import { getSupportConfig } from "@esim/shared/support/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { describeSupport } from "./support.service.ts";

export async function supportRoutes(app: FastifyInstance) {
  addRoute(app, getSupportConfig, async () => ({ data: describeSupport(app.deps.config) }), {
    tags: ["support"],
    summary: "How to reach support: email, WhatsApp and the live chat's public settings when configured, and the hours",
  });
}
