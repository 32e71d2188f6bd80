// Ties long work (an analysis, a key check) to the HTTP connection: when the client goes away before the response
// is finished, the signal aborts, and the pipeline stops calling the provider.
import type { Context } from "koa";

export class ClientDisconnectedError extends Error {
  override name = "ClientDisconnectedError";
  constructor() {
    super("The client closed the connection before the response was sent.");
  }
}

export interface DisconnectSignal {
  signal: AbortSignal;
  /** Stops watching the connection (call when the work is done). */
  dispose(): void;
}

export function abortOnDisconnect(context: Context): DisconnectSignal {
  const controller = new AbortController();
  const response = context.res;
  // The response's "close" (not the request's, which fires once the body is read) tells a finished answer from a
  // dropped connection by writableFinished.
  const onClose = () => {
    if (!response.writableFinished) controller.abort(new ClientDisconnectedError());
  };
  if (response.destroyed) onClose();
  else response.once("close", onClose);
  return { signal: controller.signal, dispose: () => response.off("close", onClose) };
}
