import type { SVGProps } from "react";
import { dayOf, type ChartPoint, type SupplyChart as Chart } from "../domain/supply-chart";
import * as m from "../generated/i18n";
import { formatDate, formatDayMonth, formatNumber } from "../i18n/format";

// The supply chart's picture, drawn on the server: no chart library, no client JavaScript. It is for
// sighted users (the table under it holds the same points as text). Time runs left to right in every
// language, so the SVG is dir="ltr" even on a right-to-left page. The dates under the x-axis (the
// first event, today, the run-out date) are placed here, so the label widths are estimates: a label
// that would touch another goes on a second line.

/** One drawing size: the viewBox's width and the plot's height, and the text size in its units. */
export interface PlotSize {
  width: number;
  plotHeight: number;
  font: number;
}

const PAD = { left: 40, right: 14, top: 28 };
// `direction` is the SVG presentation attribute; `dir` (missing from React's SVG types) says the same
// to anything reading the markup.
const LEFT_TO_RIGHT = { dir: "ltr", direction: "ltr" } as SVGProps<SVGSVGElement>;
const GAP = 8;

/** About how wide `text` is at `font` (CJK and other wide scripts take a full em a character). */
const textWidth = (text: string, font: number) =>
  Array.from(text).reduce((sum, c) => sum + (c.codePointAt(0)! >= 0x2e80 ? 1 : 0.58), 0) * font;

/** The left edge of a label centred on `x`, kept inside min…width. */
const leftEdge = (x: number, w: number, width: number, min = 2) => Math.min(Math.max(min, x - w / 2), width - 2 - w);

type Label = { text: string; at: number; x: number; w: number; row: number };

/**
 * The x-axis's dates, most wanted first (today, the run-out date, the first event), each on the first
 * of two lines where it touches no other; one that fits on neither is left to the table.
 */
export function axisLabels(chart: Chart, x: (date: string) => number, size: PlotSize): Label[] {
  const multiYear = chart.firstDate.slice(0, 4) !== chart.lastDate.slice(0, 4);
  const wanted = [chart.today, chart.runsOutOn, chart.firstDate].filter(
    (d, i, all): d is string => d !== null && d >= chart.firstDate && d <= chart.lastDate && all.indexOf(d) === i,
  );
  const placed: Label[] = [];
  for (const date of wanted) {
    const text = multiYear ? formatDate(date) : formatDayMonth(date);
    const w = textWidth(text, size.font);
    const left = leftEdge(x(date), w, size.width);
    const row = [0, 1].find((r) => placed.every((p) => p.row !== r || left > p.x + p.w + GAP || left + w + GAP < p.x));
    if (row !== undefined) placed.push({ text, at: x(date), x: left, w, row });
  }
  return placed;
}

const path = (points: ChartPoint[], x: (d: string) => number, y: (p: number) => number) =>
  points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.date).toFixed(1)},${y(p.pills).toFixed(1)}`).join(" ");

type PlotProps = { chart: Chart; size: PlotSize; className: string };

export function SupplyPlot({ chart, size, className }: PlotProps) {
  const { width, plotHeight, font } = size;
  const plotWidth = width - PAD.left - PAD.right;
  const span = Math.max(1, dayOf(chart, chart.lastDate));
  const x = (date: string) => PAD.left + (dayOf(chart, date) / span) * plotWidth;
  const y = (pills: number) => PAD.top + plotHeight - (pills / chart.maxPills) * plotHeight;
  const axisY = PAD.top + plotHeight;
  const labels = axisLabels(chart, x, size);
  const rows = Math.max(1, ...labels.map((l) => l.row + 1));
  const height = axisY + 8 + rows * (font + 6);
  const refills = chart.history.filter((p) => p.refill);

  // The markers' words above the plot; where 'Remind' would touch 'Today', each leans away from the other.
  const markers = [{ date: chart.today, text: m.chart_today(), color: "#0f766e", dash: undefined as string | undefined }];
  if (
    chart.remindFrom !== null &&
    chart.remindFrom !== chart.today &&
    chart.remindFrom >= chart.firstDate &&
    chart.remindFrom <= chart.lastDate
  ) {
    markers.push({ date: chart.remindFrom, text: m.chart_remind(), color: "#b45309", dash: "2 3" });
  }
  // The words stay right of the y-axis: its top value sits just below them, and a script with tall
  // letters or deep descenders (Arabic's 'اليوم') would run into it.
  const minLeft = PAD.left + 2;
  const tops = markers.map((marker) => ({ ...marker, w: textWidth(marker.text, font), at: x(marker.date) }));
  const [today, remind] = tops;
  let todayLeft = leftEdge(today!.at, today!.w, width, minLeft);
  let remindLeft = remind ? leftEdge(remind.at, remind.w, width, minLeft) : 0;
  if (remind && remindLeft < todayLeft + today!.w + GAP && todayLeft < remindLeft + remind.w + GAP) {
    const [first, second] = remind.at < today!.at ? [remind, today!] : [today!, remind];
    const firstLeft = Math.max(minLeft, first.at - first.w - GAP / 2);
    const secondLeft = Math.min(width - 2 - second.w, second.at + GAP / 2);
    [todayLeft, remindLeft] = first === today ? [firstLeft, secondLeft] : [secondLeft, firstLeft];
  }
  const lefts = [todayLeft, remindLeft];

  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: role="img" named by the visible caption (aria-labelledby).
    <svg
      {...LEFT_TO_RIGHT}
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      role="img"
      aria-labelledby="supply-chart-caption"
      data-testid="supply-chart"
    >
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={axisY} stroke="#94a3b8" />
      <line x1={PAD.left} x2={width - PAD.right} y1={axisY} y2={axisY} stroke="#94a3b8" />
      <text x={PAD.left - 4} y={PAD.top + 4} fontSize={font} textAnchor="end" fill="#334155">
        {formatNumber(Math.round(chart.maxPills))}
      </text>
      <text x={PAD.left - 4} y={axisY} fontSize={font} textAnchor="end" fill="#334155">
        {formatNumber(0)}
      </text>
      {tops.map((marker, i) => (
        <g key={marker.text}>
          <line
            x1={marker.at}
            x2={marker.at}
            y1={PAD.top}
            y2={axisY}
            stroke={marker.color}
            strokeWidth={1.5}
            strokeDasharray={marker.dash}
          />
          <text x={lefts[i]} y={PAD.top - 8} fontSize={font} fill={marker.color}>
            {marker.text}
          </text>
        </g>
      ))}
      <path d={path(chart.history, x, y)} fill="none" stroke="#0f766e" strokeWidth={2.5} strokeLinejoin="round" />
      {chart.projection.length > 0 && (
        <path d={path(chart.projection, x, y)} fill="none" stroke="#0f766e" strokeWidth={2} strokeDasharray="6 4" />
      )}
      {refills.map((p, i) => (
        <circle key={i} cx={x(p.date)} cy={y(p.pills)} r={4.5} fill="#fff" stroke="#0f766e" strokeWidth={2} />
      ))}
      <g data-axis="x" fill="#334155" fontSize={font}>
        {labels.map((label) => (
          <g key={label.text}>
            <line x1={label.at} x2={label.at} y1={axisY} y2={axisY + 5} stroke="#94a3b8" />
            <text x={label.x} y={axisY + (label.row + 1) * (font + 6)}>
              {label.text}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}
