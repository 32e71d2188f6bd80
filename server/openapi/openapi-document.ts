// The OpenAPI 3.1 document of the HTTP API, built from the operations table (api-operations.ts) and the zod schemas
// it names, with zod's own JSON Schema conversion (OpenAPI 3.1 schemas are JSON Schema 2020-12, zod's default
// target). Served at GET /api/openapi.json and rendered into docs/http-api.md by `npm run docs:api`, so the
// document, the page and the server's validation come from the same schemas.
//
// Request bodies are converted as the input they accept, answers as the output the server writes (zod then marks
// objects closed: an answer with a field the document does not name fails the answer-checking test).
import { readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { packageRoot } from "../../src/common/index";
import {
  legacyAnalyzeAnswerSchema,
  wireAnalysisErrorEventSchema,
  wireAnalysisResultSchema,
  wireErrorSchema,
  wireProgressEventSchema,
  wireStoredAnalysisSchema,
} from "../../src/wire/index";
import { API_OPERATIONS, type ApiOperation, type ApiResponse, type ComponentName, type Shape } from "./api-operations";

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<ComponentName, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const COMPONENT_SCHEMAS: Record<ComponentName, z.ZodType> = {
  AnalysisResult: wireAnalysisResultSchema,
  LegacyAnalyzeAnswer: legacyAnalyzeAnswerSchema,
  StoredAnalysis: wireStoredAnalysisSchema,
  ProgressEvent: wireProgressEventSchema,
  AnalysisErrorEvent: wireAnalysisErrorEventSchema,
  Error: wireErrorSchema,
  OpenApiDocument: z
    .object({
      openapi: z.string(),
      info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()),
      paths: z.record(z.string(), z.unknown()),
    })
    .catchall(z.unknown()),
};

const TAGS: { name: ApiOperation["tag"]; description: string }[] = [
  { name: "Analysis", description: "Run an analysis: the four agents, their reports and the LONG/SHORT decision." },
  {
    name: "Keys and providers",
    description: "API keys (only ever shown masked) and which provider each model role uses.",
  },
  { name: "Assets", description: "Built-in assets and custom market symbols kept in the data folder." },
  { name: "Timeframes", description: "Timeframes, their lookback limits and date-range checks." },
  {
    name: "Journal",
    description:
      "Every analysis recorded (unless the server runs with JOURNAL=off), its outcome once the later bars are known, and accuracy per group.",
  },
  {
    name: "Forward test",
    description:
      "The watchlist analysed at every bar close (by the server unless WATCH=off, by workers with DATABASE_URL, or by `quantagent watch`), and each entry's live record.",
  },
  { name: "Page and documentation", description: "What the web page reads, and this document." },
];

const DESCRIPTION = `The HTTP API of quantagent-ts, served by \`npm start\` or \`quantagent serve\` (default http://127.0.0.1:8000).

- **JSON in, JSON out.** POST bodies must be \`Content-Type: application/json\` (415 otherwise), at most 64 KB (10 MB for \`/api/analyze\`; 413 beyond). No string may hold a control character, a line break or a bidi override, except line breaks and tabs in a CSV's text.
- **Errors** answer \`{success: false, error, code}\` (the Error schema): \`error\` is plain words, \`code\` is stable. No request produces a 500 with details or a stack trace.
- **Access.** On loopback without \`ACCESS_TOKEN\`, no token is needed, but the \`Host\` header must name loopback (403 otherwise). With \`ACCESS_TOKEN\` set (required on any other address), every \`/api\` route needs \`Authorization: Bearer <token>\` (401 without it; after 5 wrong tokens from one address, 429 with \`Retry-After\`).
- **Same origin.** Requests that change anything must be same-origin: a foreign \`Origin\` or a \`Sec-Fetch-Site\` other than \`same-origin\`/\`none\` is 403. No CORS headers are sent.
- **One spelling per path.** Percent-encoded letters, doubled slashes, dot segments and encoded separators are 404; routes are case-sensitive and trailing slashes matter. A wrong method is 405 with \`Allow\`.`;

/** zod's JSON Schema for one shape, without the $schema line (the document's dialect is already 2020-12). */
function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (context) => {
      // A Date is accepted by the library in-process; over JSON it can only arrive as a string.
      if ((context.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === "date")
        Object.assign(context.jsonSchema, { type: "string" });
    },
  }) as JsonSchema;
  const { $schema: _dialect, ...rest } = converted;
  return rest;
}

function shape(value: Shape, io: "input" | "output"): JsonSchema {
  if ("component" in value) return { $ref: `#/components/schemas/${value.component}` };
  if ("oneOf" in value) return { oneOf: value.oneOf.map((choice) => shape(choice, io)) };
  return toJsonSchema(value, io);
}

function parameters(operation: ApiOperation): JsonSchema[] {
  const found: JsonSchema[] = [];
  for (const parameter of operation.pathParameters ?? []) {
    found.push({
      name: parameter.name,
      in: "path",
      required: true,
      description: parameter.description,
      schema: toJsonSchema(parameter.schema, "input"),
    });
  }
  if (operation.query) {
    const query = toJsonSchema(operation.query, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      found.push({ name, in: "query", required: (query.required ?? []).includes(name), schema });
    }
  }
  return found;
}

function requestBody(operation: ApiOperation): JsonSchema | undefined {
  if (!operation.body) return undefined;
  const forms = operation.body.forms.map((form) => ({ title: form.title, ...toJsonSchema(form.schema, "input") }));
  const schema = forms.length === 1 ? forms[0] : { oneOf: forms };
  return {
    required: true,
    ...(operation.body.description ? { description: operation.body.description } : {}),
    content: { "application/json": { schema } },
  };
}

function response(answer: ApiResponse): JsonSchema {
  const content: Record<string, JsonSchema> = {};
  if (answer.json) content["application/json"] = { schema: shape(answer.json, "output") };
  if (answer.eventStream)
    content["text/event-stream"] = { schema: { type: "string", description: answer.eventStream } };
  if (answer.html) content["text/html"] = { schema: { type: "string", description: answer.html } };
  return {
    description: answer.description,
    ...(answer.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(answer.headers).map(([name, description]) => [
              name,
              { description, schema: { type: "string" } },
            ]),
          ),
        }
      : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

/** The answers every /api route can give before it runs (the gate), and every POST's body checks. */
function commonResponses(operation: ApiOperation): Record<string, JsonSchema> {
  const common: Record<string, JsonSchema> = {
    ...(operation.public
      ? {}
      : {
          401: { $ref: "#/components/responses/Unauthorized" },
          429: { $ref: "#/components/responses/TooManyAttempts" },
        }),
    403: { $ref: "#/components/responses/Forbidden" },
    500: { $ref: "#/components/responses/InternalError" },
  };
  if (operation.body) {
    common[400] = { $ref: "#/components/responses/InvalidBody" };
    common[413] = { $ref: "#/components/responses/PayloadTooLarge" };
    common[415] = { $ref: "#/components/responses/UnsupportedMediaType" };
  }
  return common;
}

function operationObject(operation: ApiOperation): JsonSchema {
  const own = Object.fromEntries(
    Object.entries(operation.responses).map(([status, answer]) => [status, response(answer)]),
  );
  const responses = Object.fromEntries(
    Object.entries({ ...commonResponses(operation), ...own }).sort(([left], [right]) => Number(left) - Number(right)),
  );
  const parameterList = parameters(operation);
  const body = requestBody(operation);
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(operation.public ? { security: [{}] } : {}),
  };
}

function errorResponse(description: string, headers?: Record<string, string>): JsonSchema {
  return response({ description, json: { component: "Error" }, headers });
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "quantagent-ts HTTP API",
      version: packageVersion(),
      description: DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "http://127.0.0.1:8000", description: "npm start / quantagent serve, default HOST and PORT" }],
    tags: TAGS,
    // No token on loopback without ACCESS_TOKEN; the bearer token when the server has one.
    security: [{}, { accessToken: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, toJsonSchema(schema, "output")]),
      ) as Record<ComponentName, JsonSchema>,
      responses: {
        InvalidBody: errorResponse(
          "The body is not JSON (`bad_json`), or a field is wrong (`invalid_request`), in plain words naming the field.",
        ),
        Unauthorized: errorResponse(
          "The server has an ACCESS_TOKEN and the request did not bring it (`unauthorized`).",
        ),
        Forbidden: errorResponse(
          "The Host header names no loopback address while the server has no token (`forbidden_host`), or a cross-origin request changes state (`forbidden_origin`).",
        ),
        TooManyAttempts: errorResponse("Too many wrong tokens from this address (`too_many_attempts`).", {
          "Retry-After": "Seconds to wait before trying again.",
        }),
        PayloadTooLarge: errorResponse("The body is over the limit (`payload_too_large`)."),
        UnsupportedMediaType: errorResponse("The body is not `application/json` (`unsupported_media_type`)."),
        InternalError: errorResponse(
          "Something failed on the server (`internal`): a generic sentence; the details are in the server's log.",
        ),
      },
      securitySchemes: {
        accessToken: {
          type: "http",
          scheme: "bearer",
          description: "The server's ACCESS_TOKEN (Jupyter's `Authorization: token <token>` works too).",
        },
      },
    },
  };
}
