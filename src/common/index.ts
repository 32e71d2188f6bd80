// quantagent-ts/common: helpers the server, the CLI and plugins share with the library: the error base, turning zod
// errors into sentences, removing secrets by value, plain-text checks, and where the package's own files are.
export { QuantAgentError, InternalError, type ErrorKind, type ErrorDetails } from "./quantagent-error";
export { InputError } from "./input-error";
export { formatZodError } from "./format-zod-error";
export { createSecretRedactor, redactKnownSecrets, SECRET_PIECE_LENGTH, type SecretRedactor } from "./secret-redactor";
export { redactSecrets } from "./redact-secrets";
export { hasControlCharacter, findControlCharacter, CONTROL_CHARACTER } from "./plain-text";
export { describeError } from "./describe-error";
export { packageRoot, plotlyBundlePath } from "./package-root";
