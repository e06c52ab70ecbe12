/**
 * What `npm run bench -- http` puts beside the shop: Debian's nginx serving a page's bytes as a
 * plain file (the yardstick of cached pages), Varnish with deploy/varnish/comptoir.vcl in front
 * of the bench's shop, and a process's CPU time read from /proc. Each binary is optional: the
 * lines that need it are skipped, saying so, when it is missing (benches are not part of CI).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nginxMainConfig } from "../scripts/nginx.ts";
import { startVarnish, VARNISHD, varnishConfig } from "../scripts/varnish.ts";

export { VARNISHD };

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export type Front = { url: string; stop(): Promise<void> };

/** A page as it goes on the wire: its encoded bytes and the headers that say how to read them. */
export type WireAnswer = { body: Buffer; headers: Record<string, string> };

/** The `server` block that answers every path with `answer`'s bytes and headers, unchanged. */
function fileServer(port: number, dir: string, answer: WireAnswer): string {
  const type = answer.headers["content-type"] ?? "application/octet-stream";
  const encoding = answer.headers["content-encoding"];
  return `server {
    listen 127.0.0.1:${port};
    root ${dir};
    location / {
      types { }
      default_type "${type}";
      ${encoding ? `add_header Content-Encoding ${encoding};` : ""}
      try_files /page.bin =404;
    }
  }`;
}

/** Waits until `ready` holds, polling every 100 ms; fails with `output` when `child` exits. */
async function until(
  ready: () => Promise<boolean>,
  child: ChildProcess,
  name: string,
  output: () => string,
) {
  const deadline = Date.now() + 60_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${name} did not start:\n${output()}`);
    }
    await new Promise((next) => setTimeout(next, 100));
  }
}

function spawnLogged(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function ended(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await once(child, "exit");
}

/** nginx on 127.0.0.1:`port` sending `answer` for every GET; null when nginx is not installed. */
export async function startNginx(port: number, answer: WireAnswer): Promise<Front | null> {
  if (!existsSync(NGINX)) return null;
  const dir = mkdtempSync(join(tmpdir(), "comptoir-bench-nginx-"));
  mkdirSync(join(dir, "temp"));
  writeFileSync(join(dir, "page.bin"), answer.body);
  writeFileSync(
    join(dir, "nginx.conf"),
    nginxMainConfig(dir, {
      // A worker per core, as Debian's own configuration has.
      workers: "auto",
      http: `access_log off;
  keepalive_requests 100000;
  sendfile on;
  ${fileServer(port, dir, answer)}`,
    }),
  );
  const { child, output } = spawnLogged(NGINX, [
    "-p",
    dir,
    "-c",
    join(dir, "nginx.conf"),
    "-e",
    join(dir, "error.log"),
  ]);
  const url = `http://127.0.0.1:${port}/`;
  await until(
    async () => (await fetch(url)).ok,
    child,
    "nginx",
    () => {
      const log = join(dir, "error.log");
      return output() + (existsSync(log) ? readFileSync(log, "utf8") : "");
    },
  );
  return {
    url,
    async stop() {
      await ended(child, "SIGQUIT");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * varnishd on 127.0.0.1:`port` with deploy/varnish/comptoir.vcl in front of the shop on
 * `backendPort` (scripts/varnish.ts); null when varnishd is not installed.
 */
export async function startBenchVarnish(port: number, backendPort: number): Promise<Front | null> {
  if (!existsSync(VARNISHD)) return null;
  return startVarnish({
    port,
    vcl: varnishConfig([backendPort, backendPort], "bench-purge-token-0123456789"),
  });
}

let clockTicks: number | undefined;

/** The kernel's clock ticks per second, in which /proc reports CPU time (100 when unknown). */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    const answer = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    const ticks = Number(answer.stdout?.trim());
    clockTicks = Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  }
  return clockTicks;
}

/** The user and system time of `/proc/<pid>/stat`'s line, in clock ticks. */
export function cpuTicksOf(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: the fields after it are counted
  // from its closing parenthesis; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * The CPU a process has used so far (all its threads), in ms; null where /proc cannot say
 * (not Linux).
 */
export function cpuTimeMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    return (cpuTicksOf(readFileSync(`/proc/${pid}/stat`, "utf8")) * 1000) / ticksPerSecond();
  } catch {
    return null;
  }
}
