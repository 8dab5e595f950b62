import { saveDevice } from "@esim/shared/devices/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentSavedDevice } from "./devices.presenter.ts";
import * as devices from "./devices.service.ts";

export async function devicesRoutes(app: FastifyInstance) {
  addRoute(
    app,
    saveDevice,
    async ({ body, user }) => presentSavedDevice(await devices.saveDevice(app.deps, { userId: user.id, device: body })),
    { tags: ["devices"], summary: "Save this device's record (upsert by device_id)" },
  );
}
