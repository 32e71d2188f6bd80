// The interactive candlestick chart of the analysis window, drawn by Plotly. Plotly (4.8 MB) is served by this
// server under /vendor/ and loaded only when a first chart is wanted, so the page itself opens fast.
let plotlyLoading;

export function loadPlotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  plotlyLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/vendor/plotly.min.js";
    script.async = true;
    script.onload = () => (window.Plotly ? resolve(window.Plotly) : reject(new Error("Plotly did not load")));
    script.onerror = () => {
      plotlyLoading = undefined;
      reject(new Error("The chart library could not be loaded from the server."));
    };
    document.head.append(script);
  });
  return plotlyLoading;
}

export async function drawCandles(container, candles, { title } = {}) {
  const Plotly = await loadPlotly();
  const times = candles.map((candle) => new Date(candle.time).toISOString());
  const trace = {
    type: "candlestick",
    name: title ?? "Price",
    x: times,
    open: candles.map((candle) => candle.open),
    high: candles.map((candle) => candle.high),
    low: candles.map((candle) => candle.low),
    close: candles.map((candle) => candle.close),
    increasing: { line: { color: "#15803d" }, fillcolor: "#22c55e" },
    decreasing: { line: { color: "#b91c1c" }, fillcolor: "#ef4444" },
  };
  const layout = {
    autosize: true,
    height: 380,
    margin: { l: 56, r: 16, t: 16, b: 40 },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { family: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", size: 12, color: "#334155" },
    xaxis: { rangeslider: { visible: false }, gridcolor: "#e2e8f0", title: { text: "UTC" } },
    yaxis: { gridcolor: "#e2e8f0", fixedrange: false },
    showlegend: false,
    hovermode: "x unified",
  };
  await Plotly.newPlot(container, [trace], layout, { responsive: true, displaylogo: false, modeBarButtonsToRemove: ["select2d", "lasso2d"] });
}
