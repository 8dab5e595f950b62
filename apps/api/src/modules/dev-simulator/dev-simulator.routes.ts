import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { parseSimulatorFaults } from "../../providers/esim/simulator/faults.ts";
import type { SimulatorEsimProvider } from "../../providers/esim/simulator/simulator-esim-provider.ts";

/**
 * PUT /dev/simulator/faults {"faults": "error=1"}: switches the local eSIM upstream's faults in this process at run
 * time (SIMULATOR_FAULTS's syntax; "" for none), so a browser journey can make provisioning fail, then recover.
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
}
