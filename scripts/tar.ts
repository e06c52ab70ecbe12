/**
 * The few lines of the POSIX tar format (ustar) a backup needs: a flat list of regular files,
 * written and read whole in memory. Any `tar` reads what this writes (`tar tvf backup.tar`).
 */

const BLOCK = 512;

export type TarEntry = { name: string; data: Uint8Array; mode?: number; mtime?: Date };

export class TarError extends Error {}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(entry: TarEntry): Uint8Array {
  const name = encoder.encode(entry.name);
  if (name.length === 0 || name.length > 100 || entry.name.includes("/")) {
    throw new TarError(`tar entry name must be a plain file name of 1 to 100 bytes: ${entry.name}`);
  }
  const block = new Uint8Array(BLOCK);
  const put = (offset: number, text: string) => block.set(encoder.encode(text), offset);
  block.set(name, 0);
  put(100, octal(entry.mode ?? 0o600, 8));
  put(108, octal(0, 8)); // uid
  put(116, octal(0, 8)); // gid
  put(124, octal(entry.data.length, 12));
  put(136, octal(Math.floor((entry.mtime ?? new Date(0)).getTime() / 1000), 12));
  put(148, "        "); // the checksum counts its own field as spaces
  put(156, "0"); // a regular file
  put(257, "ustar\u000000");
  put(148, `${checksum(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

function checksum(block: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
  }
  return sum;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** A tar archive of `entries`, in their order. */
export function writeTar(entries: readonly TarEntry[]): Uint8Array {
  const size =
    entries.reduce(
      (total, entry) => total + BLOCK + entry.data.length + padding(entry.data.length),
      0,
    ) +
    2 * BLOCK;
  const archive = new Uint8Array(size);
  let offset = 0;
  for (const entry of entries) {
    archive.set(header(entry), offset);
    offset += BLOCK;
    archive.set(entry.data, offset);
    offset += entry.data.length + padding(entry.data.length);
  }
  return archive; // ends with two zero blocks, already zero
}

function field(block: Uint8Array, offset: number, length: number): string {
  const bytes = block.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function number(block: Uint8Array, offset: number, length: number): number {
  const text = field(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError("not a tar archive (bad number in a header)");
  return Number.parseInt(text, 8);
}

/** The regular files of a tar archive; throws a TarError on anything damaged or truncated. */
export function readTar(archive: Uint8Array): (TarEntry & { data: Uint8Array<ArrayBuffer> })[] {
  const entries: (TarEntry & { data: Uint8Array<ArrayBuffer> })[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return entries;
    if (field(block, 257, 6) !== "ustar") throw new TarError("not a tar archive (no ustar header)");
    if (number(block, 148, 8) !== checksum(block)) {
      throw new TarError("damaged tar archive (a header's checksum does not match)");
    }
    const size = number(block, 124, 12);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new TarError("truncated tar archive");
    const type = field(block, 156, 1);
    if (type === "0" || type === "") {
      entries.push({
        name: field(block, 0, 100),
        data: archive.slice(start, start + size),
        mode: number(block, 100, 8),
        mtime: new Date(number(block, 136, 12) * 1000),
      });
    }
    offset = start + size + padding(size);
  }
  throw new TarError("truncated tar archive (no end marker)");
}
