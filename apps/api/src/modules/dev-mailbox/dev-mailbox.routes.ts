import type { FastifyInstance } from "fastify";
import { presentMailboxPage, presentMailJson, presentPushJson } from "./dev-mailbox.presenter.ts";
import { listMailbox, listPushes, readMail } from "./dev-mailbox.service.ts";

/**
 * GET /dev/mailbox (HTML, with the recorded pushes), /dev/mailbox.json, /dev/mailbox/:id (one message's HTML) and
 * /dev/pushes.json.
 * Registered only outside production while mail goes to the dev mailbox (modules/index.ts).
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  const schema = { hide: true };

  app.get("/dev/mailbox", { schema }, async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(presentMailboxPage(await listMailbox(app.deps), await listPushes(app.deps))),
  );

  app.get("/dev/mailbox.json", { schema }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(presentMailJson(await listMailbox(app.deps))),
  );

  app.get("/dev/pushes.json", { schema }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(presentPushJson(await listPushes(app.deps))),
  );

  app.get<{ Params: { id: string } }>("/dev/mailbox/:id", { schema }, async (request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send((await readMail(app.deps, { id: request.params.id })).html),
  );
}
