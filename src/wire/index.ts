// quantagent-ts/wire: the snake_case JSON the HTTP API answers, the journal stores and the report files hold, one
// module per resource. Each shape is a zod schema (the OpenAPI document and the web page's type declarations are
// generated from them) with its type inferred from it, beside the function that maps the library's camelCase record
// to it.
export * from "./analysis-result";
export * from "./analysis-stages";
export * from "./backtest";
export * from "./decision-quality";
export * from "./errors";
export * from "./evaluation";
export * from "./forward";
export * from "./journal";
export * from "./market";
export * from "./page-config";
export * from "./paired-test";
export * from "./progress-event";
export * from "./run-list";
export * from "./runs";
export * from "./settings";
