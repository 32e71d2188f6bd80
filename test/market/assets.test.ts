import { describe, expect, it } from "vitest";

import { assetEntries, BUILT_IN_ASSETS, findBuiltInAsset, resolveTicker, symbolSchema } from "../../src/market/assets";

describe("built-in assets", () => {
  it("hold the documented table", () => {
    expect(BUILT_IN_ASSETS.map((asset) => [asset.code, asset.ticker])).toEqual([
      ["SPX", "^GSPC"],
      ["BTC", "BTC-USD"],
      ["GC", "GC=F"],
      ["NQ", "NQ=F"],
      ["CL", "CL=F"],
      ["ES", "ES=F"],
      ["DJI", "^DJI"],
      ["QQQ", "QQQ"],
      ["VIX", "^VIX"],
      ["DXY", "DX-Y.NYB"],
      ["AAPL", "AAPL"],
      ["TSLA", "TSLA"],
    ]);
    expect(findBuiltInAsset("DXY")?.name).toBe("US Dollar Index");
  });

  it("map codes to tickers at fetch time, any letter case; other symbols pass through trimmed", () => {
    expect(resolveTicker("SPX")).toBe("^GSPC");
    expect(resolveTicker(" btc ")).toBe("BTC-USD");
    expect(resolveTicker("DXY")).toBe("DX-Y.NYB");
    expect(resolveTicker("ETH-USD")).toBe("ETH-USD");
    expect(resolveTicker(" 7203.T ")).toBe("7203.T");
    expect(resolveTicker("^GSPC")).toBe("^GSPC");
  });

  it("list built-ins first, then customs as their own code, name and ticker", () => {
    const entries = assetEntries(["ETH-USD"]);
    expect(entries).toHaveLength(13);
    expect(entries[0]).toEqual({ code: "SPX", name: "S&P 500", ticker: "^GSPC", custom: false });
    expect(entries[12]).toEqual({ code: "ETH-USD", name: "ETH-USD", ticker: "ETH-USD", custom: true });
  });
});

describe("symbolSchema", () => {
  it.each(["ETH-USD", "NQ=F", "^FTSE", "BRK-B", "7203.T", "DX-Y.NYB", "EURUSD=X", "A_B", "X".repeat(32)])(
    "accepts %s",
    (symbol) => {
      expect(symbolSchema.parse(symbol)).toBe(symbol);
    },
  );

  it("trims", () => {
    expect(symbolSchema.parse("  ETH-USD \t")).toBe("ETH-USD");
  });

  it.each([
    ["../../etc/passwd", "only letters, digits"],
    ["", "must not be empty"],
    ["   ", "must not be empty"],
    ["X".repeat(33), "at most 32 characters"],
    ["ETH USD", "only letters, digits"],
    ["<script>", "only letters, digits"],
    ["AAPL?x=1", "only letters, digits"],
    ["a/b", "only letters, digits"],
  ])("rejects %j", (symbol, message) => {
    const result = symbolSchema.safeParse(symbol);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it("rejects non-strings", () => {
    expect(symbolSchema.safeParse(42).error?.issues[0]?.message).toBe("symbol must be a string");
  });
});
