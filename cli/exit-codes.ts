// The exit codes of every `quantagent` command, which scripts may rely on (each command's --help and
// docs/cli.md say the same):
//   0  done (an analysis ended in a decision, an evaluation ran, the server stopped cleanly)
//   1  it ran and failed (a provider, market-data or chart failure; every analysis of an evaluation failed; the
//      server could not listen)
//   2  bad usage: an unknown command or option, a value that cannot be used, an unreadable file, a missing key;
//      refused before anything was spent
//   75 not yet: a queued run's report was asked for while some of its points are pending (try again later; 75 is
//      EX_TEMPFAIL in sysexits.h, which schedulers and shell loops read as "temporary")
//   130 interrupted (Ctrl-C), as shells report a SIGINT
export const EXIT_CODES = { ok: 0, failed: 1, usage: 2, pending: 75, interrupted: 130 } as const;
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** The text every command's --help ends with. */
export const EXIT_CODES_HELP = `Exit codes: 0 done, 1 failed while running, 2 bad usage or input (nothing was spent), 75 a queued run
still has points pending (evaluate or backtest --report), 130 interrupted.`;

/** A mistake in how the command was called: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
