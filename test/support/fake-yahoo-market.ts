// A Yahoo chart endpoint as an injected fetch that answers any requested range with the bars a market would have
// had in it: every weekday (a US equity: 7 hourly bars a session in summer, 13:30 to 19:30 UTC; daily bars on
// weekdays) or every hour and day (crypto); weekly bars on Mondays and monthly bars on the 1st. A listing date cuts
// off the history, as for a new listing. Every request is recorded, so a test can see how far back a fetch reached.
import { barsAt, chartBody } from "../market/yahoo-fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface FakeYahooMarketOptions {
  symbol: string;
  market: "equity" | "crypto";
  /** No bars before this instant (UTC ms). */
  listedFrom?: number;
}

export interface FakeYahooRequest {
  interval: string;
  period1: number;
  period2: number;
}

function isWeekday(time: number): boolean {
  const day = new Date(time).getUTCDay();
  return day !== 0 && day !== 6;
}

/** Bar open times of one interval in [from, to). */
function barTimes(interval: string, market: FakeYahooMarketOptions["market"], from: number, to: number): number[] {
  const times: number[] = [];
  const firstDay = Math.floor(from / DAY) * DAY;
  for (let day = firstDay; day < to; day += DAY) {
    const date = new Date(day);
    switch (interval) {
      case "1h":
        if (market === "crypto") for (let hour = 0; hour < 24; hour++) times.push(day + hour * HOUR);
        else if (isWeekday(day)) for (let hour = 0; hour < 7; hour++) times.push(day + 13.5 * HOUR + hour * HOUR);
        break;
      case "1d":
        if (market === "crypto" || isWeekday(day)) times.push(day);
        break;
      case "1wk":
        if (date.getUTCDay() === 1) times.push(day);
        break;
      case "1mo":
        if (date.getUTCDate() === 1) times.push(day);
        break;
      default:
        throw new Error(`the fake Yahoo market has no ${interval} bars`);
    }
  }
  return times.filter((time) => time >= from && time < to);
}

export function fakeYahooMarket(options: FakeYahooMarketOptions) {
  const requests: FakeYahooRequest[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const request = {
      interval: url.searchParams.get("interval") ?? "",
      period1: Number(url.searchParams.get("period1")) * 1000,
      period2: Number(url.searchParams.get("period2")) * 1000,
    };
    requests.push(request);
    const from = Math.max(request.period1, options.listedFrom ?? -Infinity);
    const times = barTimes(request.interval, options.market, from, request.period2);
    // Prices follow a gentle wave, so indicators and trendlines have something to read.
    const bars = barsAt(times, 100).map((bar, index) => {
      const shift = 5 * Math.sin(index / 4);
      const open = (bar.open as number) + shift;
      const close = (bar.close as number) + shift;
      return { ...bar, open, close, high: Math.max(open, close) + 0.5, low: Math.min(open, close) - 0.5 };
    });
    const meta =
      options.market === "crypto"
        ? { symbol: options.symbol, gmtoffset: 0, timezone: "UTC", exchangeTimezoneName: "UTC" }
        : { symbol: options.symbol, gmtoffset: -14_400, timezone: "EDT", exchangeTimezoneName: "America/New_York" };
    return new Response(JSON.stringify(chartBody(meta, bars)), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch: fetch, requests };
}
