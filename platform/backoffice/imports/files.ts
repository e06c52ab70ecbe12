/**
 * Reading an import file (platform/backoffice/imports/imports.ts): CSV text or a JSON array, as rows of
 * raw values by column name, each with the line it sits on in the file.
 */

/** A data line of an import: its raw values by column name, and where it sits in the file. */
export type ImportRow = { line: number; values: Record<string, unknown> };

/**
 * Splits CSV text into records (RFC 4180 quoting, `""` inside quotes, line breaks inside quoted
 * cells), each with the file line it starts on. The separator is `;` when the header has one,
 * else `,`; a UTF-8 byte order mark is dropped.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const separator = firstLine.includes(";") ? ";" : ",";
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && body[index + 1] === "\n") index++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}

/** CSV records to rows keyed by the header's (trimmed, lowercased) column names. */
export function csvRows(text: string): ImportRow[] {
  const [header, ...records] = parseCsv(text);
  if (!header) return [];
  const names = header.cells.map((name) => name.trim().toLowerCase());
  return records.map((record) => ({
    line: record.line,
    values: Object.fromEntries(names.map((name, index) => [name, record.cells[index] ?? ""])),
  }));
}

/**
 * A JSON import (an array of objects with the CSV's column names) as rows; element `i` is
 * numbered `i + 2`, as if it were the line under a header.
 */
export function jsonRows(value: unknown): ImportRow[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((item, index) => ({
    line: index + 2,
    values: item && typeof item === "object" && !Array.isArray(item) ? { ...item } : {},
  }));
}
