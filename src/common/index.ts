// quantagent-ts/common: helpers the server, the CLI and plugins share with the library: the error base, turning zod
// errors into sentences, removing secrets by value, plain-text checks, and where the package's own files are.
export { writeFileAtomic } from "./atomic-write";
export { callerTexts } from "./caller-texts";
export { canonicalJson } from "./canonical-json";
export { describeError } from "./describe-error";
export { formatZodError } from "./format-zod-error";
export { InputError } from "./input-error";
export { packageRoot, plotlyBundlePath } from "./package-root";
export { CONTROL_CHARACTER, findControlCharacter, hasControlCharacter } from "./plain-text";
export { type ErrorDetails, type ErrorKind, InternalError, QuantAgentError } from "./quantagent-error";
export { isEchoable, quoteInput } from "./quote-input";
export { redactSecrets } from "./redact-secrets";
export {
  createSecretRedactor,
  redactKnownSecrets,
  type RedactOptions,
  SECRET_PIECE_LENGTH,
  type SecretRedactor,
} from "./secret-redactor";
export { plainText } from "./terminal-text";
