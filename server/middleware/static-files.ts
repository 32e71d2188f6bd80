// Serves the page's static files from one folder, plus a few named files from elsewhere (Plotly's bundle), for GET
// and HEAD. Only known file types are served, paths cannot leave the folder, and revalidation uses ETags, so an
// edited page is picked up on reload without a build step.
import { createReadStream, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";

import type { Middleware } from "koa";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
};

export interface StaticFilesOptions {
  /** The folder served at "/"; "/" itself is its index.html. */
  root: string;
  /** Extra URL paths mapped to files outside the folder, each with its own cache lifetime in seconds. */
  extraFiles?: Readonly<Record<string, { file: string; maxAgeSeconds: number }>>;
}

export interface StaticFiles {
  middleware: Middleware;
  /** True when GET `urlPath` would answer one of the page's files (the access gate lets only these through). */
  isPublicFile(urlPath: string): boolean;
}

export function createStaticFiles(options: StaticFilesOptions): StaticFiles {
  const root = path.resolve(options.root);
  const extraFiles = options.extraFiles ?? {};

  /** The file and its type for a URL path, or undefined when this middleware would not serve it. */
  const fileFor = (urlPath: string): { file: string; contentType: string; maxAgeSeconds?: number } | undefined => {
    if (urlPath.startsWith("/api/")) return undefined;
    const extra = extraFiles[urlPath];
    const file = extra?.file ?? resolveInside(root, urlPath === "/" ? "/index.html" : urlPath);
    const contentType = file === undefined ? undefined : CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (file === undefined || contentType === undefined) return undefined;
    return { file, contentType, maxAgeSeconds: extra?.maxAgeSeconds };
  };

  const middleware: Middleware = async (context, next) => {
    const target = context.method === "GET" || context.method === "HEAD" ? fileFor(context.path) : undefined;
    const info = target && (await stat(target.file).catch(() => undefined));
    if (target === undefined || !info?.isFile()) {
      await next();
      return;
    }

    context.set(
      "Cache-Control",
      target.maxAgeSeconds === undefined ? "no-cache" : `public, max-age=${target.maxAgeSeconds}`,
    );
    context.response.etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    context.response.lastModified = info.mtime;
    context.status = 200; // Koa only reports `fresh` for a 2xx answer
    if (context.fresh) {
      context.status = 304;
      return;
    }
    context.type = target.contentType;
    context.length = info.size;
    // For HEAD, Koa sends no body and destroys the stream when the response finishes.
    context.body = createReadStream(target.file);
  };

  return {
    middleware,
    isPublicFile(urlPath) {
      const target = fileFor(urlPath);
      if (target === undefined) return false;
      try {
        return statSync(target.file).isFile();
      } catch {
        return false;
      }
    },
  };
}

/** The file for a URL path, or undefined when the path is malformed or would leave the folder. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}
