// The `quantagent` command line: picks the command named by the first argument, runs it, and turns what it threw
// into a message on standard error and an exit code (exit-codes.ts). Every byte a command writes passes through the
// secret redactor first, so a key that a provider echoes in an error never reaches the terminal or a log file, and
// then through plainText (src/common/terminal-text.ts), so no text from a model, the journal or a file can drive the terminal;
// piped output holds no control character at all. Only the evaluation's progress bar redraws its line, on a
// terminal only, through writeControl.
import { readFileSync } from "node:fs";
import path from "node:path";

import { createSecretRedactor, packageRoot, plainText } from "../src/common/index";
import { DEMO_LABEL, PROVIDER_SWITCH_VARIABLE, providerInfo, remoteProviderIds } from "../src/config/index";
import { MarketDataError, MissingApiKeyError, ProviderError } from "../src/errors";
import { type ErrorKind, type ProviderId, providers, QuantAgentError } from "../src/index";
import { WITHOUT_YAHOO } from "../src/market/market-data-error";
import type { CliContext, CliOutput } from "./cli-context";
import type { Command } from "./command";
import { analyzeCommand } from "./commands/analyze-command";
import { backtestCommand } from "./commands/backtest-command";
import { doctorCommand } from "./commands/doctor-command";
import { evaluateCommand } from "./commands/evaluate-command";
import { historyCommand } from "./commands/history-command";
import { kernelCommand } from "./commands/kernel-command";
import { probeCommand } from "./commands/probe-command";
import { serveCommand } from "./commands/serve-command";
import { watchCommand } from "./commands/watch-command";
import { workerCommand } from "./commands/worker-command";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "./exit-codes";
import { unknownCommandMessage } from "./option-errors";

// One entry per command, in the order --help lists them.
export const COMMANDS: readonly Command[] = [
  analyzeCommand,
  historyCommand,
  serveCommand,
  evaluateCommand,
  backtestCommand,
  probeCommand,
  watchCommand,
  doctorCommand,
  workerCommand,
  kernelCommand,
];

function version(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

function overview(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `Usage: quantagent <command> [options]

LLM multi-agent market analysis: four agents read indicators and charts of one asset and decide LONG or SHORT.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

Run quantagent <command> --help for a command's options. quantagent --version prints the version.

${EXIT_CODES_HELP}
`;
}

/** The exit code of a failure: the caller's mistakes (input, config: nothing was spent) are usage errors. */
export function exitCodeFor(error: unknown, signal: AbortSignal): number {
  if (signal.aborted) return EXIT_CODES.interrupted;
  if (error instanceof UsageError) return EXIT_CODES.usage;
  if (QuantAgentError.isInstance(error)) {
    const kind: ErrorKind = error.kind;
    switch (kind) {
      case "input":
      case "config":
        return EXIT_CODES.usage;
      case "cancelled":
        return EXIT_CODES.interrupted;
      case "provider":
      case "data":
      case "internal":
        return EXIT_CODES.failed;
      default: {
        const exhaustive: never = kind;
        return exhaustive;
      }
    }
  }
  return EXIT_CODES.failed;
}

function terminalSafe(output: CliOutput, redact: (text: string) => string): CliOutput {
  return {
    write: (text: string) => output.write(plainText(redact(text))),
    isTTY: output.isTTY,
    ...(output.isTTY === true ? { writeControl: (text: string) => output.write(redact(text)) } : {}),
  };
}

export async function runCli(context: CliContext): Promise<number> {
  const secretVariables = [...remoteProviderIds.map((id) => providerInfo(id).keyEnvVar), "ACCESS_TOKEN"];
  const redactor = createSecretRedactor(() => secretVariables.map((name) => context.env[name]));
  const stdout = terminalSafe(context.stdout, redactor.redact);
  const stderr = terminalSafe(context.stderr, redactor.redact);

  const [name, ...rest] = context.argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    stdout.write(overview());
    return name === undefined ? EXIT_CODES.usage : EXIT_CODES.ok;
  }
  if (name === "--version" || name === "-v") {
    stdout.write(`${version()}\n`);
    return EXIT_CODES.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    stderr.write(
      `${unknownCommandMessage(
        name,
        COMMANDS.map((candidate) => candidate.name),
      )}\n`,
    );
    return EXIT_CODES.usage;
  }
  try {
    return await command.run({ ...context, env: providerSwitchFor(rest, context.env), argv: rest, stdout, stderr });
  } catch (error) {
    const code = exitCodeFor(error, context.signal);
    const message =
      code === EXIT_CODES.interrupted
        ? "Interrupted."
        : error instanceof MissingApiKeyError
          ? missingKeyMessage(error)
          : error instanceof ProviderError && error.reason === "auth"
            ? refusedKeyMessage(error)
            : error instanceof MarketDataError
              ? error.message.replace(WITHOUT_YAHOO, withoutYahoo())
              : error instanceof Error
                ? error.message
                : String(error);
    const hint = error instanceof UsageError ? ` (quantagent ${command.name} --help)` : "";
    stderr.write(`${message}${hint}\n`);
    return code;
  }
}

/**
 * The library's sentences about keys name the config record and the web page's Settings panel; on the command line
 * the key comes from the environment, so that is where they point.
 */
/**
 * The environment a command sees: a --provider on the command line wins over QUANTAGENT_PROVIDER, which the library
 * would otherwise apply over the command's own choice (provider-switch.ts); without the flag the switch stays.
 */
function providerSwitchFor(argv: readonly string[], env: CliContext["env"]): CliContext["env"] {
  const flagged = argv.some((argument) => argument === "--provider" || argument.startsWith("--provider="));
  if (!flagged || env[PROVIDER_SWITCH_VARIABLE] === undefined) return env;
  const { [PROVIDER_SWITCH_VARIABLE]: _switch, ...rest } = env;
  return rest;
}

function missingKeyMessage(error: MissingApiKeyError): string {
  return `No ${providerInfo(error.provider).displayName} API key: set ${providerInfo(error.provider).keyEnvVar} in the environment (nothing was sent), or use ${otherProviders(error.provider)}, or --provider demo (or ${PROVIDER_SWITCH_VARIABLE}=demo in the environment) to try it without a key (${DEMO_LABEL}).`;
}

function refusedKeyMessage(error: ProviderError): string {
  const { displayName, keyEnvVar } = providers[error.provider];
  return `Invalid API Key: ${displayName} refused the key in ${keyEnvVar} (invalid or expired). Set a valid key in ${keyEnvVar}, or use ${otherProviders(error.provider)}.`;
}

/**
 * The library's way out when Yahoo cannot be reached names the page's sources (Sample data, a CSV upload); on the
 * command line it is a CSV file, and the shipped windows are files too.
 */
function withoutYahoo(): string {
  const shipped = path.relative(
    process.cwd(),
    path.join(packageRoot(), "datasets", "benchmark", "btc", "BTC_4h_1.csv"),
  );
  return `To analyse without Yahoo: --csv <file> with bars of your own, or one of the shipped 4-hour windows (e.g. --csv ${shipped} --timeframe 4h).`;
}

function otherProviders(provider: ProviderId): string {
  return remoteProviderIds
    .filter((id) => id !== provider)
    .map((id) => `--provider ${id} with ${providerInfo(id).keyEnvVar}`)
    .join(", or ");
}
