import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { EsimProvider } from "./esim-port.ts";

/** The eSIM upstream chosen by ESIM_PROVIDER. (Being written: the simulator lands here.) */
export function createEsimProvider(_deps: { config: Config; db: Database; now: () => Date }): EsimProvider {
  throw new Error("The eSIM provider is not available yet");
}
