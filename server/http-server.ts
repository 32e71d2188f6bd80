// The HTTP(S) server around the app: plain HTTP by default, HTTPS when a certificate and key are given. Waiting for a
// client's headers and body is bounded (a slow or stalled client is cut off with 408), and each such cut-off, like
// any malformed request Node refuses before the app sees it, is logged as one line without a stack.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { Socket } from "node:net";

import type Koa from "koa";

import type { Logger } from "./logger";

export interface HttpServerOptions {
  logger: Logger;
  /** PEM certificate chain and key: serve HTTPS. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Longest wait for a request's headers and body. Analyses stream for minutes; only the upload is bounded. */
  requestTimeoutMs?: number;
  /** How often Node checks for requests past their time. */
  checkIntervalMs?: number;
}

export function createAppServer(app: Koa, options: HttpServerOptions): Server {
  const requestTimeout = options.requestTimeoutMs ?? 60_000;
  const settings = {
    requestTimeout,
    headersTimeout: Math.min(requestTimeout, 60_000),
    connectionsCheckingInterval:
      options.checkIntervalMs ?? Math.min(30_000, Math.max(100, Math.floor(requestTimeout / 4))),
  };
  // Koa's handler answers every request itself, errors included; Node's server only needs to call it.
  const handle = app.callback();
  const listener = (request: IncomingMessage, response: ServerResponse) => void handle(request, response);
  const server: Server = options.tls
    ? createHttpsServer({ ...settings, cert: options.tls.cert, key: options.tls.key }, listener)
    : createHttpServer(settings, listener);

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    // A client that resets its own connection is not news; everything else is one line.
    if (error.code !== "ECONNRESET") {
      options.logger.info(timedOut ? "request timed out" : "malformed request refused", {
        code: error.code ?? "unknown",
        address: socket.remoteAddress,
      });
    }
    if (socket.writable) {
      socket.end(
        timedOut
          ? "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n"
          : "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n",
      );
    }
    socket.destroy();
  });
  // TLS handshakes that fail (a plain-HTTP client, a bad certificate on the client's side) are one line too.
  server.on("tlsClientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    options.logger.info("TLS handshake failed", { code: error.code ?? "unknown", address: socket.remoteAddress });
  });
  return server;
}
