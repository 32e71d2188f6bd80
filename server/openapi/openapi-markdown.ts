// The OpenAPI document as a readable reference page (docs/http-api.md): the endpoints, each with its request fields
// and answers, then the shared schemas and the errors every route can answer. A pure function of the document, so
// `npm run docs:api` and the test that keeps the committed page fresh produce the same text.
import type { JsonSchema, OpenApiDocument } from "./openapi-document";

const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n+/g, " ");
const code = (text: string) => `\`${text}\``;
/** A schema keyword's value as text: the document's values here are strings and numbers. */
const show = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : "";
const componentName = (reference: string) => reference.replace("#/components/schemas/", "");
const asObject = (value: unknown): JsonSchema | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonSchema) : undefined;
const asSchemas = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? value.filter((item): item is JsonSchema => asObject(item) !== undefined) : [];

function typeText(schema: JsonSchema): string {
  if (typeof schema.$ref === "string") {
    const name = componentName(schema.$ref);
    return `[${name}](#${headingAnchor(name)})`;
  }
  if ("const" in schema) return code(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => code(JSON.stringify(value))).join(" or ");
  const variants = asSchemas(schema.anyOf ?? schema.oneOf);
  if (variants.length > 0) return [...new Set(variants.map(typeText))].join(" or ");
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === "string"
      ? [schema.type]
      : [];
  if (types.length === 0) return "any";
  return types
    .map((type) => {
      if (type === "array") return `array of ${typeText(asObject(schema.items) ?? {})}`;
      if (type === "object" && !asObject(schema.properties) && asObject(schema.additionalProperties)) {
        return `object of ${typeText(asObject(schema.additionalProperties) ?? {})}`;
      }
      if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
      return type;
    })
    .join(" or ");
}

/** Constraints and description of one field, as one sentence-like note. */
function notes(schema: JsonSchema): string {
  const parts: string[] = [];
  if (typeof schema.description === "string") parts.push(schema.description);
  const length = [schema.minLength, schema.maxLength];
  if (length[0] !== undefined && length[1] !== undefined)
    parts.push(`${show(length[0])} to ${show(length[1])} characters`);
  else if (typeof length[0] === "number" && length[0] > 0)
    parts.push(`at least ${length[0]} character${length[0] === 1 ? "" : "s"}`);
  else if (length[1] !== undefined) parts.push(`at most ${show(length[1])} characters`);
  const bounded = (value: unknown) => typeof value === "number" && Math.abs(value) < SAFE_INTEGER_BOUND;
  if (bounded(schema.minimum) && bounded(schema.maximum))
    parts.push(`${show(schema.minimum)} to ${show(schema.maximum)}`);
  else if (bounded(schema.minimum)) parts.push(`at least ${show(schema.minimum)}`);
  else if (bounded(schema.maximum)) parts.push(`at most ${show(schema.maximum)}`);
  if (typeof schema.exclusiveMinimum === "number") parts.push(`more than ${schema.exclusiveMinimum}`);
  const patterns = [schema.pattern, ...asSchemas(schema.allOf).map((part) => part.pattern)].filter(
    (pattern): pattern is string => typeof pattern === "string",
  );
  if (patterns.length > 0) parts.push(`matches ${patterns.map(code).join(" and ")}`);
  if ("default" in schema) parts.push(`default ${code(JSON.stringify(schema.default))}`);
  const items = asObject(schema.items);
  if (items && !asObject(items.properties)) {
    const itemNotes = notes(items);
    if (itemNotes) parts.push(`each: ${itemNotes}`);
  }
  return parts.join("; ");
}

interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

/** One row per field, nested objects (and arrays of objects) flattened as a.b and a[].b. */
function fieldRows(schema: JsonSchema, prefix = ""): FieldRow[] {
  const properties = asObject(schema.properties) ?? {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).flatMap(([name, value]) => {
    const field = asObject(value) ?? {};
    const row: FieldRow = {
      name: `${prefix}${name}`,
      type: typeText(field),
      required: required.has(name),
      notes: notes(field),
    };
    const items = asObject(field.items);
    if (asObject(field.properties)) return [row, ...fieldRows(field, `${prefix}${name}.`)];
    if (items && asObject(items.properties)) return [row, ...fieldRows(items, `${prefix}${name}[].`)];
    return [row];
  });
}

function fieldTable(schema: JsonSchema): string[] {
  const rows = fieldRows(schema);
  if (rows.length === 0) return [`${typeText(schema)}${notes(schema) ? `: ${notes(schema)}` : ""}`, ""];
  const open =
    schema.additionalProperties === false
      ? ""
      : schema.additionalProperties === undefined
        ? ""
        : "Other fields may follow.";
  return [
    "| Field | Type | Required | Notes |",
    "|---|---|---|---|",
    ...rows.map(
      (row) => `| ${code(row.name)} | ${cell(row.type)} | ${row.required ? "yes" : "no"} | ${cell(row.notes)} |`,
    ),
    ...(open ? ["", open] : []),
    "",
  ];
}

/** A schema shown as fields: each variant of a oneOf/anyOf under its title or its discriminating constant. */
function schemaSection(schema: JsonSchema): string[] {
  if (typeof schema.$ref === "string") return [`${typeText(schema)}.`, ""];
  const variants = asSchemas(schema.oneOf ?? schema.anyOf);
  const lines = typeof schema.description === "string" && variants.length > 0 ? [`${schema.description}.`, ""] : [];
  if (variants.length === 0) return fieldTable(schema);
  return [
    ...lines,
    ...variants.flatMap((variant, index) => {
      const properties = asObject(variant.properties) ?? {};
      const constant = Object.entries(properties).find(
        ([, value]) => asObject(value) && "const" in (asObject(value) ?? {}),
      );
      const title =
        typeof variant.title === "string"
          ? variant.title
          : constant
            ? `${constant[0]}: ${JSON.stringify((constant[1] as JsonSchema).const)}`
            : `form ${index + 1}`;
      return [`*${title}*`, "", ...fieldTable(variant)];
    }),
  ];
}

function operationSection(path: string, method: string, operation: JsonSchema, document: OpenApiDocument): string[] {
  const lines = [`### ${code(`${method.toUpperCase()} ${path}`)}`, "", `${show(operation.summary)}.`, ""];
  if (typeof operation.description === "string") lines.push(operation.description, "");
  const parameters = asSchemas(operation.parameters);
  if (parameters.length > 0) {
    lines.push("**Parameters**", "", "| Name | In | Type | Required | Notes |", "|---|---|---|---|---|");
    for (const parameter of parameters) {
      const schema = asObject(parameter.schema) ?? {};
      const note = [parameter.description, notes(schema)]
        .filter((text) => typeof text === "string" && text !== "")
        .join("; ");
      lines.push(
        `| ${code(String(parameter.name))} | ${show(parameter.in)} | ${cell(typeText(schema))} | ${parameter.required ? "yes" : "no"} | ${cell(note)} |`,
      );
    }
    lines.push("");
  }
  const body = asObject(operation.requestBody);
  if (body) {
    const schema = asObject(asObject(asObject(body.content)?.["application/json"])?.schema) ?? {};
    const variants = asSchemas(schema.oneOf);
    lines.push(
      `**Request body** (${code("application/json")})${variants.length > 1 ? `, one of ${variants.length} forms` : ""}:`,
      "",
    );
    if (typeof body.description === "string") lines.push(body.description, "");
    lines.push(...schemaSection(schema));
  }
  lines.push("**Responses**", "", "| Status | When | Body |", "|---|---|---|");
  const common = new Set(Object.keys(document.components.responses).map((name) => `#/components/responses/${name}`));
  const shared: string[] = [];
  const details: string[] = [];
  for (const [status, value] of Object.entries(asObject(operation.responses) ?? {})) {
    const answer = asObject(value) ?? {};
    if (typeof answer.$ref === "string" && common.has(answer.$ref)) {
      shared.push(status);
      continue;
    }
    const content = asObject(answer.content) ?? {};
    const bodies = Object.entries(content).map(([mediaType, media]) => {
      const schema = asObject(asObject(media)?.schema) ?? {};
      if (mediaType === "text/event-stream") return `${code(mediaType)}: ${show(schema.description ?? "events")}`;
      if (mediaType === "text/html") return `${code(mediaType)}: ${show(schema.description ?? "a page")}`;
      // A shared schema (or a choice of them) is a link; anything else is spelled out below the table.
      const linked = [schema, ...asSchemas(schema.oneOf)].some((part) => typeof part.$ref === "string");
      const reference = linked ? typeText(schema) : `see below`;
      if (!linked) details.push(`${status}`);
      return `${code(mediaType)}: ${reference}`;
    });
    const headers = Object.keys(asObject(answer.headers) ?? {}).map((name) => `header ${code(name)}`);
    lines.push(
      `| ${status} | ${cell(show(answer.description))} | ${cell([...bodies, ...headers].join("; ") || "none")} |`,
    );
  }
  lines.push("");
  for (const status of details) {
    const schema =
      asObject(
        asObject(asObject(asObject(asObject(operation.responses)?.[status])?.content)?.["application/json"])?.schema,
      ) ?? {};
    lines.push(`${status} body:`, "", ...schemaSection(schema));
  }
  if (shared.length > 0)
    lines.push(`Also ${shared.join(", ")}: see [Errors every route can answer](#errors-every-route-can-answer).`, "");
  return lines;
}

export function renderOpenApiMarkdown(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation,
      tag: String((operation.tags as string[] | undefined)?.[0] ?? ""),
    })),
  );
  const lines = [
    "# HTTP API",
    "",
    "<!-- Generated from the OpenAPI document (GET /api/openapi.json, server/openapi/) by `npm run docs:api`. Do not edit by hand: a test fails when this page differs from the document. -->",
    "",
    `${document.info.title}, version ${document.info.version}. The same description, machine-readable: ${code("GET /api/openapi.json")} (OpenAPI ${document.openapi}).`,
    "",
    document.info.description,
    "",
    "## Endpoints",
    "",
    "| Method | Path | What it does |",
    "|---|---|---|",
    ...operations.map(
      ({ path, method, operation }) =>
        `| ${method.toUpperCase()} | [${code(path)}](#${headingAnchor(`${method} ${path}`)}) | ${cell(String(operation.summary))} |`,
    ),
    "",
  ];
  for (const tag of document.tags) {
    const tagged = operations.filter((entry) => entry.tag === tag.name);
    if (tagged.length === 0) continue;
    lines.push(`## ${tag.name}`, "", tag.description, "");
    for (const { path, method, operation } of tagged)
      lines.push(...operationSection(path, method, operation, document));
  }
  lines.push("## Schemas", "");
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    lines.push(
      `### ${name}`,
      "",
      ...(typeof schema.description === "string" && !schema.oneOf && !schema.anyOf
        ? [`${schema.description}`, ""]
        : []),
      ...schemaSection(schema),
    );
  }
  lines.push("## Errors every route can answer", "", "| Name | Status | When |", "|---|---|---|");
  const statusOf = new Map<string, string>();
  for (const { operation } of operations) {
    for (const [status, value] of Object.entries(asObject(operation.responses) ?? {})) {
      const reference = asObject(value)?.$ref;
      if (typeof reference === "string") statusOf.set(reference.replace("#/components/responses/", ""), status);
    }
  }
  for (const [name, response] of Object.entries(document.components.responses)) {
    lines.push(`| ${name} | ${statusOf.get(name) ?? ""} | ${cell(show(response.description))} |`);
  }
  lines.push("", "Every error body is an [Error](#error).", "");
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
