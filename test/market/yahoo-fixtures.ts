// Yahoo-shaped chart answers for the adapter tests, built the way Yahoo lays them out (chart.result[0]).

export interface FixtureBar {
  /** UTC epoch seconds, as Yahoo sends them. */
  timestamp: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

export interface ChartMetaFixture {
  symbol: string;
  gmtoffset?: number;
  exchangeTimezoneName?: string;
  timezone?: string;
}

export function chartBody(meta: ChartMetaFixture, bars: FixtureBar[]): unknown {
  const base = {
    currency: "USD",
    exchangeName: "NMS",
    instrumentType: "EQUITY",
    firstTradeDate: 345479400,
    regularMarketTime: 1717185600,
    hasPrePostMarketData: true,
    regularMarketPrice: 190.1,
    priceHint: 2,
    dataGranularity: "1h",
    range: "",
    validRanges: ["1d", "5d", "1mo"],
    ...meta,
  };
  if (bars.length === 0) {
    // Yahoo's answer for a range with no bars: no timestamp and an empty quote object.
    return { chart: { result: [{ meta: base, indicators: { quote: [{}] } }], error: null } };
  }
  return {
    chart: {
      result: [
        {
          meta: base,
          timestamp: bars.map((bar) => bar.timestamp),
          indicators: {
            quote: [
              {
                open: bars.map((bar) => bar.open),
                high: bars.map((bar) => bar.high),
                low: bars.map((bar) => bar.low),
                close: bars.map((bar) => bar.close),
                volume: bars.map((bar) => bar.volume),
              },
            ],
          },
        },
      ],
      error: null,
    },
  };
}

/** Deterministic bars at the given UTC times: prices rise by 1 per bar from `first`, each bar spans ±0.5. */
export function barsAt(timesMs: number[], first = 100): FixtureBar[] {
  return timesMs.map((time, index) => {
    const open = first + index;
    const close = open + 0.25;
    return { timestamp: time / 1000, open, high: close + 0.5, low: open - 0.5, close, volume: 1000 + index };
  });
}

/** Hourly bar opens of one regular New York session (09:30 ... 15:30 local) given the session's UTC offset. */
export function newYorkSessionHours(date: string, utcOffsetHours: number): number[] {
  const open = Date.parse(`${date}T09:30:00Z`) - utcOffsetHours * 3_600_000;
  return Array.from({ length: 7 }, (_, hour) => open + hour * 3_600_000);
}

export const NOT_FOUND_BODY = {
  chart: { result: null, error: { code: "Not Found", description: "No data found, symbol may be delisted" } },
};

export interface RecordedRequest {
  url: URL;
  init: RequestInit | undefined;
}

/** A fetch that records each request and answers with `respond` (a Response or a JSON body with status 200). */
export function recordingFetch(respond: (url: URL) => unknown) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    requests.push({ url, init });
    const answer = await respond(url);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: fetch, requests };
}

/**
 * A Yahoo that knows daily bars of one symbol from `firstBar` up to `dataEnd()` (read on every request, so a test
 * can let days pass), prices rising by 1 a bar (barsAt), and answers any range asked of it.
 */
export function dailyBarsFetch(options: { symbol: string; firstBar: number; dataEnd: () => number }) {
  const DAY = 24 * 3_600_000;
  return recordingFetch((url) => {
    const from = Number(url.searchParams.get("period1")) * 1000;
    const to = Math.min(Number(url.searchParams.get("period2")) * 1000, options.dataEnd());
    const times: number[] = [];
    for (let time = options.firstBar; time <= to; time += DAY) if (time >= from) times.push(time);
    return chartBody(
      { symbol: options.symbol, exchangeTimezoneName: "UTC" },
      barsAt(times, 100 + ((times[0] ?? options.firstBar) - options.firstBar) / DAY),
    );
  });
}
