// docs/http-api.md is generated from the OpenAPI document by `npm run docs:api`: it must be exactly what the
// document renders to today, so a route or schema changed without regenerating the page fails here.
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { HTTP_API_PAGE } from "../../scripts/write-api-docs";
import { buildOpenApiDocument } from "../../server/openapi/openapi-document";
import { headingAnchor, renderOpenApiMarkdown } from "../../server/openapi/openapi-markdown";

describe("docs/http-api.md", () => {
  const rendered = renderOpenApiMarkdown(buildOpenApiDocument());

  it("is what npm run docs:api writes from the current document (run it after changing a route or a schema)", () => {
    const committed = readFileSync(HTTP_API_PAGE, "utf8");
    // toBe on the whole text would print two 700-line strings; the first differing line says what is stale.
    const committedLines = committed.split("\n");
    const renderedLines = rendered.split("\n");
    const first = renderedLines.findIndex((line, index) => line !== committedLines[index]);
    expect(
      first === -1 && committedLines.length === renderedLines.length
        ? "up to date"
        : `stale from line ${first + 1}: ${renderedLines[first] ?? "(end)"}`,
    ).toBe("up to date");
  });

  it("names every endpoint, and every link inside it points at a heading of the page", () => {
    const document = buildOpenApiDocument();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) expect(rendered).toContain(`### \`${method.toUpperCase()} ${path}\``);
    }
    const anchors = new Set(
      [...rendered.matchAll(/^#+ (.+)$/gm)].map((match) => headingAnchor((match[1] ?? "").replace(/`/g, ""))),
    );
    const links = [...rendered.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => !anchors.has(link ?? ""))).toEqual([]);
  });
});
