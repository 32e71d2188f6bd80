// The server's log and its transport: every log line is one JSON object whatever a client sends (no forged lines),
// client faults log no stack, a stalled client is cut off with 408 and one line, and TLS_CERT_FILE/TLS_KEY_FILE serve
// HTTPS with a certificate made here by openssl.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app";
import { createAppServer } from "../../server/http-server";
import { createLogger } from "../../server/logger";
import { createPipeline } from "../../src/index";
import { startServerProcess } from "../reliability/support/server-process";
import { getJson, postJson, startTestServer } from "./test-server";

const scratch = mkdtempSync(path.join(tmpdir(), "logs-transport-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("log lines", () => {
  it("are one JSON object each, whatever the client sends, and client faults carry no stack", async () => {
    const server = await startTestServer();
    try {
      const forged = '\n{"level":"error","message":"FORGED"}\n';
      await postJson(server, "/api/save-custom-asset", { symbol: `ETH${forged}` });
      await postJson(server, "/api/update-provider", `{"provider": "x${forged.replace(/\n/g, "\\n")}"}`);
      await getJson(server, `/api/nothing%0A${encodeURIComponent(forged)}`);
      await postJson(server, "/api/validate-date-range", { timeframe: `4h${forged}`, start: "a", end: "b" });
      await fetch(`${server.url}/api/assets`, { headers: { "User-Agent": `x${forged.replace(/\n/g, " ")}` } });
      expect(server.logs.length).toBeGreaterThanOrEqual(5);
      for (const line of server.logs) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        expect(entry).toMatchObject({
          level: expect.any(String),
          time: expect.any(String),
          message: expect.any(String),
        });
        expect(entry.message).not.toBe("FORGED");
        expect(line).not.toMatch(/\n\s+at /);
        expect(JSON.stringify(entry)).not.toMatch(/"stack"/);
      }
      const statuses = server.logs.map((line) => (JSON.parse(line) as { status?: number }).status).filter(Boolean);
      expect(statuses).toEqual(expect.arrayContaining([400, 404]));
    } finally {
      await server.close();
    }
  });

  it("stay below LOG_LEVEL", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "warn", write: (line) => lines.push(line) });
    logger.debug("d");
    logger.info("i");
    logger.warn("w", { code: "x" });
    logger.error("e");
    expect(lines.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual(["w", "e"]);
  });
});

describe("a client that stalls", () => {
  it("is cut off with 408 after the request timeout, and the server logs one line for it", async () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line) });
    const pipeline = createPipeline({ data_dir: scratch }, { env: {} });
    const server = createAppServer(createApp({ pipeline, logger }), {
      logger,
      requestTimeoutMs: 300,
      checkIntervalMs: 50,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, "127.0.0.1", () =>
          socket.write("GET /api/assets HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
        );
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      const timedOut = lines.filter((line) => line.includes("request timed out"));
      expect(timedOut).toHaveLength(1);
      expect(JSON.parse(timedOut[0] ?? "{}")).toMatchObject({ level: "info", code: "ERR_HTTP_REQUEST_TIMEOUT" });
    } finally {
      server.close();
      await pipeline.close();
    }
  });
});

describe("TLS", () => {
  it("serves HTTPS from TLS_CERT_FILE and TLS_KEY_FILE, with Strict-Transport-Security", async () => {
    const key = path.join(scratch, "key.pem");
    const cert = path.join(scratch, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ],
      { stdio: "ignore" },
    );
    const server = await startServerProcess({
      dataDir: path.join(scratch, "data"),
      env: { TLS_CERT_FILE: cert, TLS_KEY_FILE: key },
    });
    try {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const answer = await new Promise<{ status: number; hsts: string | undefined; body: string }>(
        (resolve, reject) => {
          const request = httpsRequest(`${server.url}/api/timeframe-limits`, { ca: readFileSync(cert) }, (response) => {
            let body = "";
            response.on("data", (chunk: Buffer) => (body += chunk.toString()));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                hsts: response.headers["strict-transport-security"],
                body,
              }),
            );
          });
          request.on("error", reject);
          request.end();
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.hsts).toMatch(/max-age=\d+/);
      expect(JSON.parse(answer.body).timeframes.length).toBeGreaterThan(5);
      // Plain HTTP to the HTTPS port gets no answer from the app.
      await expect(fetch(server.url.replace("https:", "http:") + "/api/assets")).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });

  it("refuses to start with an unreadable certificate, saying which file", async () => {
    await expect(
      startServerProcess({
        dataDir: path.join(scratch, "data2"),
        env: { TLS_CERT_FILE: path.join(scratch, "missing.pem"), TLS_KEY_FILE: path.join(scratch, "missing-key.pem") },
      }),
    ).rejects.toThrow(/Cannot read the TLS certificate \(TLS_CERT_FILE\)/);
  });
});
