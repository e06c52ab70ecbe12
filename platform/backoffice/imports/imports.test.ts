import { describe, expect, it } from "vitest";
import { csvRows, jsonRows, parseCsv } from "#platform/backoffice/imports/files.ts";

describe("reading an import file", () => {
  it("numbers records by the file line they start on, quoted line breaks included", () => {
    const text = 'handle;description\r\na;"deux\nlignes"\r\n\r\nb;"dit ""oui"""\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["handle", "description"] },
      { line: 2, cells: ["a", "deux\nlignes"] },
      { line: 5, cells: ["b", 'dit "oui"'] },
    ]);
  });

  it("drops the BOM, picks ',' when the header has no ';', and lowercases column names", () => {
    expect(csvRows('\uFEFFHandle, Title\nmiel,"Miel, de lavande"')).toEqual([
      { line: 2, values: { handle: "miel", title: "Miel, de lavande" } },
    ]);
  });

  it("numbers JSON elements as lines under a header, and refuses anything but an array", () => {
    expect(jsonRows([{ handle: "a" }, "pas un objet"])).toEqual([
      { line: 2, values: { handle: "a" } },
      { line: 3, values: {} },
    ]);
    expect(jsonRows({ handle: "a" })).toBeNull();
  });
});
