import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { E2E_ADMIN } from "./admin-account.ts";
import { E2E_SECRETS } from "./shop-config.ts";

/**
 * Several production servers on one PostgreSQL database of their own, for the journeys that put
 * something in front of them (e2e/round-robin.spec.ts, e2e/nginx.spec.ts). The first instance
 * migrates and seeds; the next ones find the database ready.
 */
export type Instances = {
  /** The ports the instances listen on, on 127.0.0.1. */
  ports: number[];
  stop(): Promise<void>;
};

const root = resolve(import.meta.dirname, "..");

async function ready(port: number) {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((next) => setTimeout(next, 200));
  }
  throw new Error(`instance on ${port} never became ready`);
}

async function onAdminDatabase(databaseUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Starts one instance per port on a new database `name` of the PostgreSQL at `databaseUrl`, with
 * the e2e administrator and secrets, `env` on top, and waits until each is ready.
 */
export async function startInstances(options: {
  databaseUrl: string;
  name: string;
  ports: number[];
  env: NodeJS.ProcessEnv;
}): Promise<Instances> {
  const { databaseUrl, name, ports } = options;
  await onAdminDatabase(databaseUrl, `drop database if exists ${name} with (force)`);
  await onAdminDatabase(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const children: ChildProcess[] = [];

  const stop = async () => {
    for (const child of children) {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    }
    await onAdminDatabase(databaseUrl, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    for (const port of ports) {
      children.push(
        spawn(process.execPath, [join(root, "server/main.ts")], {
          cwd: root,
          stdio: ["ignore", "ignore", "inherit"],
          env: {
            ...process.env,
            NODE_ENV: "production",
            HOST: "127.0.0.1",
            PORT: String(port),
            DATABASE_URL: url.toString(),
            DATA_DIR: dataDir,
            LOG_LEVEL: "warn",
            ADMIN_EMAIL: E2E_ADMIN.email,
            ADMIN_PASSWORD: E2E_ADMIN.password,
            ...E2E_SECRETS,
            ...options.env,
          },
        }),
      );
      await ready(port);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, stop };
}

/** One production server on an embedded database of its own, and what it printed. */
export type FreshShop = {
  baseURL: string;
  /** Its standard output so far: the JSON log lines. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts one production server on `port` with a new, empty embedded database (no demo data, no
 * administrator unless `env` says so), the e2e secrets and `env` on top; waits until it is
 * ready. For the journeys of a shop's very first start (e2e/first-admin.spec.ts).
 */
export async function startFreshShop(options: {
  port: number;
  env?: NodeJS.ProcessEnv;
}): Promise<FreshShop> {
  const { port } = options;
  const dataDir = mkdtempSync(join(tmpdir(), "comptoir-fresh-"));
  const baseURL = `http://127.0.0.1:${port}`;
  // Nothing of the calling shell's administrator or database: a first start, embedded.
  const {
    ADMIN_EMAIL: _email,
    ADMIN_PASSWORD: _password,
    DATABASE_URL: _database,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [join(root, "server/main.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_ON_START: "false",
      LOG_LEVEL: "info",
      ...E2E_SECRETS,
      ...options.env,
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ready(port);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, output: () => output, stop };
}
