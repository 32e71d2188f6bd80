// Crypto exchange symbols, read by ccxt (ccxt-source.ts): `exchange:BASE/QUOTE` (binance:BTC/USDT), or with a
// settlement currency for a perpetual (binance:BTC/USDT:USDT). The exchange is ccxt's id (lower case); base and quote
// are upper-cased, as ccxt spells its unified symbols. A symbol of this form is never a Yahoo ticker (Yahoo's have no
// colon or slash), so which source answers is decided by the spelling alone. Pure.
import { z } from "zod";

import { symbolSchema } from "./assets";

/** Longest exchange symbol: ccxt's ids are at most ~25 characters, currency codes ~15. */
export const MAX_EXCHANGE_SYMBOL_LENGTH = 64;

const EXCHANGE_SYMBOL_PATTERN =
  /^([A-Za-z][A-Za-z0-9]{1,30}):([A-Za-z0-9._-]{1,20})\/([A-Za-z0-9._-]{1,20})(?::([A-Za-z0-9._-]{1,20}))?$/;

export interface ExchangeSymbol {
  /** ccxt's exchange id: "binance". */
  exchange: string;
  /** ccxt's unified symbol: "BTC/USDT" (or "BTC/USDT:USDT"). */
  market: string;
  /** The whole symbol as this project writes it: "binance:BTC/USDT". */
  symbol: string;
}

/** Whether the text is spelt as an exchange symbol (it may still name no exchange or market ccxt knows). */
export function isExchangeSymbol(text: string): boolean {
  return EXCHANGE_SYMBOL_PATTERN.test(text.trim());
}

/** The exchange and market of an exchange symbol, normalised; undefined when it is not spelt as one. */
export function parseExchangeSymbol(text: string): ExchangeSymbol | undefined {
  const match = EXCHANGE_SYMBOL_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, exchange = "", base = "", quote = "", settle] = match;
  const market = `${base.toUpperCase()}/${quote.toUpperCase()}${settle ? `:${settle.toUpperCase()}` : ""}`;
  return { exchange: exchange.toLowerCase(), market, symbol: `${exchange.toLowerCase()}:${market}` };
}

/**
 * A market symbol as analyses, backtests and watchlists accept it: a Yahoo ticker (symbolSchema) or an exchange
 * symbol (`binance:BTC/USDT`), the latter normalised. Custom assets keep to Yahoo tickers (a slash cannot be a path
 * segment of the assets API).
 */
export const marketSymbolSchema = z
  .string({ error: "symbol must be a string" })
  .trim()
  .min(1, { error: "symbol must not be empty", abort: true })
  .max(MAX_EXCHANGE_SYMBOL_LENGTH, {
    error: `symbol must be at most ${MAX_EXCHANGE_SYMBOL_LENGTH} characters`,
    abort: true,
  })
  .transform((text, context) => {
    const exchangeSymbol = parseExchangeSymbol(text);
    if (exchangeSymbol) return exchangeSymbol.symbol;
    if (text.includes(":") || text.includes("/")) {
      context.addIssue({
        code: "custom",
        message:
          "symbol may contain only letters, digits and ^ = . - _ (for example ETH-USD, NQ=F, ^FTSE); one with a colon or a slash must be an exchange symbol, exchange:BASE/QUOTE (for example binance:BTC/USDT)",
      });
      return z.NEVER;
    }
    const yahoo = symbolSchema.safeParse(text);
    if (!yahoo.success) {
      for (const issue of yahoo.error.issues) context.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return yahoo.data;
  });
