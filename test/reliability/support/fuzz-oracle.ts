// What the documented rules (keys, custom symbols, provider switching, same-origin JSON) say a state-changing request
// must look like to be accepted, written independently of the server's code: the fuzz test uses it to keep accepted
// changes out of its "nothing changes" phase, and to check that everything the server did accept was a valid change.
// Only the JSON reading mirrors the server on purpose: its documented choice to drop "__proto__" keys
// (server/README.md, json-body.ts).

export const PROVIDER_IDS = ["openai", "anthropic", "qwen"] as const;
export type ProviderName = (typeof PROVIDER_IDS)[number];

/** Each provider's default models: what a provider switch from the default config always lands on. */
export const PROVIDER_DEFAULT_SELECTION: Readonly<
  Record<ProviderName, { agent_llm_model: string; graph_llm_model: string }>
> = {
  openai: { agent_llm_model: "gpt-4o-mini", graph_llm_model: "gpt-4o" },
  anthropic: { agent_llm_model: "claude-haiku-4-5-20251001", graph_llm_model: "claude-haiku-4-5-20251001" },
  qwen: { agent_llm_model: "qwen3-max", graph_llm_model: "qwen3-vl-plus" },
};

/** The built-in codes and tickers: a code whose ticker differs cannot be a custom symbol. */
const BUILT_IN_TICKERS: Readonly<Record<string, string>> = {
  SPX: "^GSPC",
  BTC: "BTC-USD",
  GC: "GC=F",
  NQ: "NQ=F",
  CL: "CL=F",
  ES: "ES=F",
  DJI: "^DJI",
  QQQ: "QQQ",
  VIX: "^VIX",
  DXY: "DX-Y.NYB",
  AAPL: "AAPL",
  TSLA: "TSLA",
};

export type StateChangingPath = "/api/update-api-key" | "/api/update-provider" | "/api/save-custom-asset";
export const STATE_CHANGING_PATHS: readonly StateChangingPath[] = [
  "/api/update-api-key",
  "/api/update-provider",
  "/api/save-custom-asset",
];

export type StateChange =
  | { kind: "key"; provider: ProviderName; key: string }
  | { kind: "provider"; provider: ProviderName }
  | { kind: "symbol"; symbol: string; builtIn: boolean };

/** The body as the server reads it, or undefined when it is not UTF-8 JSON. */
export function readBodyAsServer(body: string | Buffer | undefined): unknown {
  if (body === undefined) return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      typeof body === "string" ? Buffer.from(body, "utf8") : body,
    );
  } catch {
    return undefined;
  }
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text, (key, value: unknown) => (key === "__proto__" ? undefined : value)) as unknown;
  } catch {
    return undefined;
  }
}

function plainObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(body).every((key) => allowed.includes(key));
}

function providerOf(value: unknown, fallback?: ProviderName): ProviderName | undefined {
  if (value === undefined) return fallback;
  return (PROVIDER_IDS as readonly unknown[]).includes(value) ? (value as ProviderName) : undefined;
}

/**
 * The change a body asks for when the documented rules say it is valid; undefined for anything that must be refused.
 */
export function validStateChange(path: StateChangingPath, value: unknown): StateChange | undefined {
  const body = plainObject(value);
  if (!body) return undefined;
  switch (path) {
    case "/api/update-api-key": {
      if (!onlyFields(body, ["api_key", "provider"]) || typeof body.api_key !== "string") return undefined;
      const provider = providerOf(body.provider, "openai"); // older clients send only the key and mean OpenAI
      const key = body.api_key.trim();
      // A key is 1-500 visible ASCII characters and never the "sk-" placeholder.
      if (!provider || key.length === 0 || key.length > 500 || key === "sk-" || !/^[\x21-\x7e]+$/.test(key))
        return undefined;
      return { kind: "key", provider, key };
    }
    case "/api/update-provider": {
      if (!onlyFields(body, ["provider"])) return undefined;
      const provider = providerOf(body.provider);
      return provider ? { kind: "provider", provider } : undefined;
    }
    case "/api/save-custom-asset": {
      if (!onlyFields(body, ["symbol"]) || typeof body.symbol !== "string") return undefined;
      const symbol = body.symbol.trim();
      if (!/^[A-Za-z0-9^=._-]{1,32}$/.test(symbol)) return undefined;
      const ticker = BUILT_IN_TICKERS[symbol.toUpperCase()];
      if (ticker !== undefined && ticker !== symbol.toUpperCase()) return undefined; // "btc" would fetch BTC-USD
      return { kind: "symbol", symbol, builtIn: ticker !== undefined };
    }
    default: {
      const exhaustive: never = path;
      return exhaustive;
    }
  }
}

/**
 * True when the headers alone must make the server refuse a state change (same-origin JSON only, and
 * loopback Host names without a token). Only clear-cut cases count; anything doubtful answers false.
 */
export function headersForbidStateChange(headers: readonly (readonly [string, string])[], ownOrigin: string): boolean {
  const values = (name: string) => headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
  const contentTypes = values("content-type");
  // Node keeps the first of repeated Content-Type lines; with none, or a first one that is not JSON, it is 415.
  const mediaType = contentTypes[0]?.split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return true;
  const origin = values("origin")[0];
  if (origin !== undefined && origin !== "" && origin.toLowerCase() !== ownOrigin.toLowerCase()) return true;
  const site = values("sec-fetch-site")[0]?.toLowerCase();
  if (site !== undefined && site !== "" && site !== "same-origin" && site !== "none") return true;
  // Without a token, the Host's name must be loopback (server/README.md: localhost, 127.0.0.1, [::1], *.localhost).
  const host = values("host")[0];
  if (host !== undefined) {
    const name = (host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!).toLowerCase();
    if (!["localhost", "127.0.0.1", "[::1]"].includes(name) && !name.endsWith(".localhost")) return true;
  }
  return false;
}
