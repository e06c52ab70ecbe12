import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTar, TarError, writeTar } from "./tar.ts";

const text = (value: string) => new TextEncoder().encode(value);
const entries = [
  {
    name: "comptoir-backup.json",
    data: text('{"version":1}\n'),
    mtime: new Date("2025-06-01T08:30:00Z"),
  },
  { name: "empty", data: new Uint8Array() },
  { name: "block.bin", data: new Uint8Array(512).fill(9) },
];

describe("tar", () => {
  it("reads back what it writes, names, contents and dates", () => {
    const read = readTar(writeTar(entries));
    expect(read.map((entry) => [entry.name, entry.data])).toEqual(
      entries.map((entry) => [entry.name, entry.data]),
    );
    expect(read[0]?.mtime).toEqual(new Date("2025-06-01T08:30:00Z"));
    expect(read[0]?.mode).toBe(0o600);
  });

  it("writes archives the system's tar lists", () => {
    const folder = mkdtempSync(join(tmpdir(), "comptoir-tar-"));
    try {
      const file = join(folder, "backup.tar");
      writeFileSync(file, writeTar(entries));
      const listed = spawnSync("tar", ["tf", file], { encoding: "utf8" });
      expect(listed.status).toBe(0);
      expect(listed.stdout).toBe("comptoir-backup.json\nempty\nblock.bin\n");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses a damaged header, a truncated archive and a name with a folder", () => {
    const archive = writeTar(entries);
    const damaged = archive.slice();
    damaged[3] = 0x41;
    expect(() => readTar(damaged)).toThrow(
      "damaged tar archive (a header's checksum does not match)",
    );
    expect(() => readTar(archive.subarray(0, 600))).toThrow(TarError);
    expect(() => readTar(archive.subarray(0, 512 * 3))).toThrow(
      "truncated tar archive (no end marker)",
    );
    expect(() => writeTar([{ name: "a/b", data: new Uint8Array() }])).toThrow(TarError);
  });
});
