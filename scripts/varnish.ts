import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Debian's Varnish (scripts/ensure-varnish.sh installs it) run with the repository's own
 * deploy/varnish/comptoir.vcl, for the tests and benches that put the shared cache in front of
 * the shop (server/shared-cache.int.test.ts, e2e/nginx.spec.ts, bench/http.ts).
 */
export const VARNISHD = process.env.VARNISHD_PATH ?? "/usr/sbin/varnishd";

const root = resolve(import.meta.dirname, "..");
/** What the shipped file names, and the tests replace. */
const SHIPPED_PORTS = ['.port = "3001";', '.port = "3002";'] as const;
const SHIPPED_TOKEN = '"change-this-purge-token"';

/**
 * deploy/varnish/comptoir.vcl (or `shipped`, its text) with its two instances at `backendPorts`
 * (one port for both is fine) and its purge token; fails when it no longer holds what it replaces.
 */
export function varnishConfig(
  backendPorts: readonly [number, number],
  token: string,
  shipped = readFileSync(join(root, "deploy/varnish/comptoir.vcl"), "utf8"),
): string {
  let vcl = shipped;
  for (const expected of [...SHIPPED_PORTS, SHIPPED_TOKEN]) {
    if (!vcl.includes(expected)) throw new Error(`comptoir.vcl no longer holds ${expected}`);
  }
  SHIPPED_PORTS.forEach((shipped, index) => {
    vcl = vcl.replace(shipped, `.port = "${backendPorts[index]}";`);
  });
  return vcl.replace(SHIPPED_TOKEN, `"${token}"`);
}

export type Varnish = {
  /** Its address: `http://127.0.0.1:port`. */
  url: string;
  /** Its working folder (`-n`), for varnishstat. */
  name: string;
  stop(): Promise<void>;
};

/**
 * Starts varnishd in the foreground on 127.0.0.1:`port` with `vcl`, in a folder of its own, and
 * waits until it answers: a purge without the token is refused (403) by the VCL itself.
 */
export async function startVarnish(options: { port: number; vcl: string }): Promise<Varnish> {
  const dir = mkdtempSync(join(tmpdir(), "comptoir-varnish-"));
  writeFileSync(join(dir, "comptoir.vcl"), options.vcl);
  const name = join(dir, "instance");
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      ...["-F", "-j", "none", "-T", "none"],
      ...["-a", `127.0.0.1:${options.port}`, "-n", name],
      ...["-f", join(dir, "comptoir.vcl"), "-s", "malloc,64m"],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(url, { method: "PURGE" }).then(
      (response) => response.status === 403,
      () => false,
    );
    if (ready) return { url, name, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not start (${VARNISHD}):\n${output}`);
    }
    await new Promise((next) => setTimeout(next, 100));
  }
}
