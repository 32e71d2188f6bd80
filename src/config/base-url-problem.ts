// Why a text is not a base URL requests can go to, in words that show the form expected; pure, so the config schema
// and the Settings field check a base URL by the same rules (base-url.ts).
/**
 * What a base URL typed without its scheme was meant as: "localhost:11434/v1" is http://localhost:11434/v1 (a local
 * server: the machine itself, an address, or a port), "api.example.org/v1" is https://api.example.org/v1. Undefined
 * when the text is no address even then.
 */
export function suggestedBaseUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.includes("://") || trimmed.startsWith("/")) return undefined;
  const host = trimmed.split(/[/?#]/)[0] ?? "";
  const local = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d+)?$/i.test(host) || /:\d+$/.test(host);
  const candidate = `${local ? "http" : "https"}://${trimmed}`;
  if (!URL.canParse(candidate) || !/^[a-z0-9.[\]:-]+$/i.test(host) || host.endsWith(":")) return undefined;
  return candidate;
}

/**
 * Why a text is not a base URL this project can send requests to (undefined when it is one): not an absolute URL,
 * not http or https, or with a user name or password in it. A text without its scheme is shown in the form expected.
 */
export function baseUrlProblem(text: string): string | undefined {
  const suggestion = suggestedBaseUrl(text);
  // "localhost:11434/v1" parses, with "localhost:" as its scheme: the missing http:// is the likelier mistake.
  if (suggestion !== undefined && !/^https?:\/\//i.test(text))
    return `The base URL must start with http:// or https://: write ${JSON.stringify(text)} as ${suggestion}`;
  if (!URL.canParse(text))
    return "The base URL must be an absolute URL such as http://localhost:11434/v1 (or empty for the default)";
  const url = new URL(text);
  if (!/^https?:$/.test(url.protocol))
    return `The base URL must start with http:// or https:// (not ${url.protocol}//), such as http://localhost:11434/v1`;
  if (url.username !== "" || url.password !== "")
    return "The base URL must not hold a user name or password: put the key in the key field";
  return undefined;
}
