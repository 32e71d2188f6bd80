// An HTTP-level refusal raised by the server's own middleware (token, origin, media type, body size, routing):
// it carries its status and a stable code, and the error handler turns it into the JSON error body like any other.

export type HttpProblemCode =
  | "bad_json"
  | "unauthorized"
  | "forbidden_origin"
  | "forbidden_host"
  | "not_found"
  | "method_not_allowed"
  | "not_implemented"
  | "payload_too_large"
  | "unsupported_media_type"
  | "too_many_attempts"
  | "too_many_analyses"
  | "server_shutting_down"
  | "runtime_base_url_disabled";

export class HttpProblem extends Error {
  override name = "HttpProblem";

  constructor(
    readonly status: number,
    readonly code: HttpProblemCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
