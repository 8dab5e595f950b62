// The local eSIM upstream's fault switch for journeys (development only): PUT /dev/simulator/faults.
export { devSimulatorRoutes } from "./dev-simulator.routes.ts";
