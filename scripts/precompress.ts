/**
 * The browser build's text files written a second and third time, compressed: `x.js.br` (Brotli,
 * its best quality) and `x.js.gz` (gzip, level 9), beside `x.js`. The server sends the smallest
 * one the browser accepts (`serveStatic`'s `precompressed`, server/app.ts) instead of compressing
 * each answer again, so a page load costs the server no compression (it competed with the
 * browser for the machine's cores) and the browser gets Brotli's smaller files: the framework
 * chunk is 108 kB in gzip and 93 kB in Brotli. Hashed names: a file is compressed once per
 * build. Fonts and pictures are compressed already; files under 1 kB gain nothing.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed copies of `file`: Brotli and gzip, at their best ratios. */
export async function writeCompressedCopies(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

export function precompressAssets(): Plugin {
  return {
    name: "comptoir:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const directory = options.dir;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => writeCompressedCopies(join(directory, name))));
    },
  };
}
