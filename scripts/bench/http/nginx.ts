/**
 * `npm run bench:http`, step 4: nginx serving the same bytes as haat's pages, the bound a Node
 * server is compared with (scripts/bench/bench-http.ts, section 4).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../lib/free-port";
import { dir } from "./options";
import { waitForAnswer } from "./shop-server";

type Nginx = { child: ChildProcess; origin: string; root: string };

/**
 * Starts nginx serving the folder `root` on a free port: one worker (against one Node process),
 * access log off, and sendfile, tcp_nopush and tcp_nodelay on, as a tuned nginx serves files
 * (nginx's default leaves sendfile off, which made it much slower than it can be on big pages).
 */
export async function startNginx(): Promise<Nginx> {
  const root = path.join(dir, "www");
  fs.mkdirSync(root, { recursive: true });
  // The worker runs as an unprivileged user when nginx starts as root: it must read the files.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  default_type text/html;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/nginx-tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn("nginx", ["-c", conf, "-p", dir], { stdio: "ignore" });
  const origin = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${origin}/`, child, 5, (why) => `nginx ${why}`);
  return { child, origin, root };
}

/**
 * `fetch`, tried once more when the connection fails: a kept-alive connection that the server closed
 * after its idle timeout (5 s in Node) fails the next request on it.
 */
export async function fetchAgain(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}
