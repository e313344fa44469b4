/**
 * A free TCP port on 127.0.0.1, for the scripts and tests that start a server of their own
 * (npm run size, bench:http, lighthouse; tests/support/server-process.ts). The port is free when
 * this resolves; another program could still take it before the caller listens.
 */
import net from "node:net";

/** Resolves with a port number the system just handed out and released; rejects if none could be opened. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
