// Validators for what an OpenAI-compatible server answers, built from the schemas vendored from OpenAI's own OpenAPI
// document (chat-completion-schemas.json; where it comes from and its licence: README.md beside it). The document
// is OpenAPI 3.1 but still marks optional nulls with OpenAPI 3.0's `nullable: true`, which JSON Schema does not know:
// each such schema is read as "this, or null", as OpenAPI defines it. Its extension keywords (x-oaiMeta, ...) are
// documentation and are declared as such.
import { readFileSync } from "node:fs";
import path from "node:path";

import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";

const document = JSON.parse(readFileSync(path.join(__dirname, "chat-completion-schemas.json"), "utf8")) as {
  components: { schemas: Record<string, unknown> };
};

/**
 * A schema of the document as JSON Schema: OpenAPI's `nullable: true` as "the schema, or null", and references to
 * `#/components/schemas/X` as `#/$defs/X`, where JSON Schema keeps definitions.
 */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([keyword, value]) => {
      if (keyword === "$ref" && typeof value === "string")
        return [keyword, value.replace("#/components/schemas/", "#/$defs/")];
      // Examples, enum values and documentation are data, not schemas.
      if (keyword === "example" || keyword === "enum" || keyword === "x-oaiMeta") return [keyword, value];
      return [keyword, asJsonSchema(value)];
    }),
  );
  return nullable === true ? { anyOf: [converted, { type: "null" }] } : converted;
}

// Strict about keywords (a misspelt one is an error), not about types: the document leaves `type` out beside
// `discriminator` and in places ajv's strict typing wants it.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, discriminator: true });
for (const keyword of ["x-oaiMeta", "x-oaiTypeLabel", "x-stainless-const", "example"]) ajv.addKeyword(keyword);
// The two formats the schemas use: a Unix time in seconds (`created`), and an absolute URL (a citation's).
ajv.addFormat("unixtime", { type: "number", validate: (value: number) => Number.isInteger(value) && value >= 0 });
ajv.addFormat("uri", { type: "string", validate: (value: string) => URL.canParse(value) });
ajv.addSchema({ $id: "openai", $defs: asJsonSchema(document.components.schemas) });

function validator(name: string): ValidateFunction {
  const validate = ajv.getSchema(`openai#/$defs/${name}`);
  if (!validate) throw new Error(`No schema ${name} in the vendored document`);
  return validate;
}

export const openaiSchemas = {
  /** A whole answer to a request without `stream: true`. */
  completion: validator("CreateChatCompletionResponse"),
  /** One `data:` event of a streamed answer. */
  chunk: validator("CreateChatCompletionStreamResponse"),
  /** An error answer's body, and an error sent inside a stream. */
  error: validator("ErrorResponse"),
};

/** The validator's complaints in one line each, for a test's failure message. */
export function schemaErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`).join("\n");
}
