import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { parseSimulatorFaults } from "../../providers/esim/simulator/faults.ts";
import type {
  SimulatorEsimProvider,
  SimulatorStateOverride,
} from "../../providers/esim/simulator/simulator-esim-provider.ts";

/**
 * PUT /dev/simulator/faults {"faults": "error=1"}: switches the local eSIM upstream's faults in this process at run
 * time (SIMULATOR_FAULTS's syntax; "" for none), so a browser journey can make provisioning fail, then recover.
 * PUT /dev/simulator/profiles/:iccid/state {"esimStatus": "GOT_RESOURCE", "smdpStatus": "DISABLED"}: holds one profile
 * in a documented pair of statuses its timeline never reaches by itself ({} or null fields: back to its timeline), so a
 * journey can show a traveller an eSIM installed at home and left off, mid-install, suspended or revoked.
 * GET /dev/simulator/packages/:code answers one package as the local upstream lists it now (its costUsdE4); PUT
 * /dev/simulator/packages/:code/price {"costUsdE4": 15000} (null: the catalogue's again) moves its upstream price, so a
 * journey can see an order whose price moved between payment and purchase.
 * Registered only outside production and with the simulator as the eSIM provider (modules/index.ts).
 */
export async function devSimulatorRoutes(app: FastifyInstance, options: { simulator: SimulatorEsimProvider }) {
  app.put<{ Body: { faults?: unknown } | undefined }>(
    "/dev/simulator/faults",
    { schema: { hide: true } },
    async (request, reply) => {
      const text = request.body?.faults;
      if (typeof text !== "string") {
        throw new AppError("VALIDATION_FAILED", { message: "faults: a string", fields: { faults: "INVALID" } });
      }
      let faults: ReturnType<typeof parseSimulatorFaults>;
      try {
        faults = parseSimulatorFaults(text);
      } catch (error) {
        throw new AppError("VALIDATION_FAILED", {
          message: (error as Error).message,
          fields: { faults: "INVALID" },
        });
      }
      options.simulator.setFaults(faults);
      return reply.header("cache-control", "no-store").send({ data: faults });
    },
  );

  app.put<{ Params: { iccid: string }; Body: unknown }>(
    "/dev/simulator/profiles/:iccid/state",
    { schema: { hide: true } },
    async (request, reply) => {
      const parsed = profileStateBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw new AppError("VALIDATION_FAILED", {
          message: "a documented pair: esimStatus and smdpStatus, or neither",
          fields: { state: "INVALID" },
        });
      }
      const { esimStatus, smdpStatus } = parsed.data;
      const state: SimulatorStateOverride | null = esimStatus && smdpStatus ? { esimStatus, smdpStatus } : null;
      options.simulator.setProfileState(request.params.iccid, state);
      return reply.header("cache-control", "no-store").send({ data: state });
    },
  );

  app.get<{ Params: { code: string } }>(
    "/dev/simulator/packages/:code",
    { schema: { hide: true } },
    async (request, reply) => {
      const listed = (await options.simulator.listPackages()).find((pkg) => pkg.code === request.params.code);
      if (!listed) throw new AppError("PACKAGE_NOT_FOUND", { message: "The local upstream has no such package." });
      return reply.header("cache-control", "no-store").send({ data: listed });
    },
  );

  app.put<{ Params: { code: string }; Body: unknown }>(
    "/dev/simulator/packages/:code/price",
    { schema: { hide: true } },
    async (request, reply) => {
      const parsed = packagePriceBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw new AppError("VALIDATION_FAILED", {
          message: "costUsdE4: a positive whole number (USD × 10 000), or null",
          fields: { costUsdE4: "INVALID" },
        });
      }
      options.simulator.setPackagePrice(request.params.code, parsed.data.costUsdE4);
      return reply.header("cache-control", "no-store").send({ data: parsed.data });
    },
  );
}

const packagePriceBody = z.object({ costUsdE4: z.int().positive().max(100_000_000).nullable() });

const profileStateBody = z
  .object({
    esimStatus: z.enum(["GOT_RESOURCE", "IN_USE", "SUSPENDED", "REVOKE"]).nullish(),
    smdpStatus: z.enum(["RELEASED", "DOWNLOAD", "INSTALLATION", "ENABLED", "DISABLED"]).nullish(),
  })
  .refine((body) => Boolean(body.esimStatus) === Boolean(body.smdpStatus));
