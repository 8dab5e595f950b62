import net from "node:net";
import { freePort } from "./free-port.ts";

/**
 * A TCP relay in front of the tests' PostgreSQL that a test cuts and restores: a database restart or failover as the
 * app sees it (every connection dropped mid-query, new ones refused, then accepted again at the same address) without
 * stopping the server the other test files share.
 */
export interface DatabaseProxy {
  /** The database's URL through the relay. */
  url: string;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A dropped peer is the point of this relay, not a failure of the test.
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen();
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    cut,
    restore: listen,
    close: async () => {
      if (server.listening) await cut();
    },
  };
}
