// Security headers on every response. The Content-Security-Policy allows only this server's own scripts (no inline
// script, no eval, no CDN), images from itself and data: URLs (the base64 chart PNGs), and inline styles, which
// Plotly needs: it injects <style> elements and sets style attributes on the SVG it draws.
import type { Middleware } from "koa";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders(options: { tls?: boolean } = {}): Middleware {
  return async (context, next) => {
    context.set({
      "Content-Security-Policy": CONTENT_SECURITY_POLICY,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    // Nothing is cached unless the static files say otherwise for their own answers: API answers describe keys
    // (masked) and settings, and deciding by path prefix would miss a spelling the prefix test does not know.
    context.set("Cache-Control", "no-store");
    if (options.tls) context.set("Strict-Transport-Security", "max-age=31536000");
    await next();
  };
}
