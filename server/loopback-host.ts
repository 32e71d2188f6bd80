// Which host names mean this machine's loopback, for the one rule both the start-up check (no token needed on
// loopback) and the Host-header check (DNS-rebinding protection) apply: localhost and *.localhost, 127.0.0.0/8, ::1.
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}
