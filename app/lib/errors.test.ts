import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeError, NOT_FOUND_MESSAGE } from "./errors.ts";

// What React Router hands the error boundary for a thrown `Response`.
function thrownResponse(body: string, status: number, statusText = "") {
  return new ErrorResponse(status, statusText, body);
}

describe("describeError", () => {
  it("shows the spec's 404 text for a missing page", () => {
    expect(describeError(thrownResponse("", 404), false)).toEqual({
      statusCode: 404,
      title: NOT_FOUND_MESSAGE,
    });
  });

  it("shows a thrown response's own message with its status", () => {
    expect(describeError(thrownResponse("Produit archivé", 410), false)).toEqual({
      statusCode: 410,
      title: "Produit archivé",
    });
  });

  it("defaults to status 500 for an unexpected error", () => {
    expect(describeError(new Error("boom"), false).statusCode).toBe(500);
  });

  it("never shows an unexpected error's message in production", () => {
    expect(describeError(new Error("SELECT * FROM secrets"), false).title).not.toContain("SELECT");
  });

  it("shows the message in development", () => {
    expect(describeError(new Error("boom"), true).title).toBe("boom");
  });
});
