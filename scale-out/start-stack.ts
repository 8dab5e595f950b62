/**
 * The deployed shape by hand, for trying docs/DEPLOY.md's proxy and scripts on one machine: a real PostgreSQL server,
 * two web instances and a worker (as in scale-out.test.ts), kept running until Ctrl-C. Prints their addresses.
 *
 *   npx tsx scale-out/start-stack.ts
 */
import { type Instance, sharedEnvironment, startInstance } from "./instances.ts";
import { startPostgresServer } from "./postgres-server.ts";

const server = await startPostgresServer();
server.createDatabase("esim");
const environment = sharedEnvironment(server.urlOf("esim"));
const instances: Instance[] = [await startInstance({ name: "web A", role: "web", environment })];
instances.push(
  ...(await Promise.all([
    startInstance({ name: "web B", role: "web", environment }),
    startInstance({ name: "worker", role: "worker", environment }),
  ])),
);
process.stdout.write(
  `${JSON.stringify({ databaseUrl: server.urlOf("esim"), instances: instances.map(({ name, url }) => ({ name, url })) })}\n`,
);

const stop = async () => {
  await Promise.all(instances.map((instance) => instance.kill("SIGTERM")));
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
