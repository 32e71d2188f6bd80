// The server's settings from the environment (HOST, PORT, DATA_DIR, ACCESS_TOKEN), checked with zod, and the rule
// that a server reachable beyond this machine must have an access token.
import { z } from "zod";
import { formatZodError } from "../src/index";
import { MIN_ACCESS_TOKEN_LENGTH } from "./middleware/access-token";
import { isLoopbackHost } from "./loopback-host";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

export const serverEnvironmentSchema = z.object({
  HOST: optionalText.transform((value) => value ?? "127.0.0.1"),
  PORT: optionalText
    .transform((value) => Number(value ?? "8000"))
    .pipe(
      z
        .number({ error: "PORT must be a port number" })
        .int("PORT must be a whole number from 0 to 65535")
        .min(0, "PORT must be a whole number from 0 to 65535")
        .max(65_535, "PORT must be a whole number from 0 to 65535"),
    ),
  DATA_DIR: optionalText.transform((value) => value ?? "data"),
  ACCESS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(MIN_ACCESS_TOKEN_LENGTH, `ACCESS_TOKEN must be at least ${MIN_ACCESS_TOKEN_LENGTH} characters (try: openssl rand -hex 24)`)
      .optional(),
  ),
});
export type ServerEnvironment = z.output<typeof serverEnvironmentSchema>;

/** The settings, or one plain sentence saying what to fix. */
export function readServerEnvironment(env: Record<string, string | undefined>): { settings: ServerEnvironment } | { error: string } {
  const parsed = serverEnvironmentSchema.safeParse(env);
  if (!parsed.success) return { error: formatZodError(parsed.error, { subject: "Invalid server settings" }) };
  const settings = parsed.data;
  if (!isLoopbackHost(settings.HOST) && settings.ACCESS_TOKEN === undefined) {
    return {
      error:
        `Refusing to listen on ${settings.HOST} without an access token: anyone who can reach this address could use ` +
        `your API keys. Set ACCESS_TOKEN (for example ACCESS_TOKEN=$(openssl rand -hex 24)), or keep HOST=127.0.0.1.`,
    };
  }
  return { settings };
}
