// `npm run docs:api`: writes docs/http-api.md, the readable reference of the HTTP API, from the same OpenAPI
// document the server answers at GET /api/openapi.json. Run it after changing a route or a schema; a test fails
// while the committed page differs from what this writes.
import { writeFile } from "node:fs/promises";
import path from "node:path";

import { buildOpenApiDocument } from "../server/openapi/openapi-document";
import { renderOpenApiMarkdown } from "../server/openapi/openapi-markdown";

export const HTTP_API_PAGE = path.resolve(__dirname, "..", "docs", "http-api.md");

if (require.main === module) {
  writeFile(HTTP_API_PAGE, renderOpenApiMarkdown(buildOpenApiDocument())).then(
    () => console.log(`Wrote ${path.relative(process.cwd(), HTTP_API_PAGE)}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
