import type { SVGProps } from "react";
import { dayOf, type ChartPoint, type SupplyChart as Chart } from "../domain/supply-chart";
import { unitCountText } from "../domain/unit-text";
import * as m from "../generated/i18n";
import { formatDate, formatNumber } from "../i18n/format";

// The supply over time, drawn on the server: no chart library, no client JavaScript. The SVG is a
// picture for sighted users (aria-hidden); the table under it holds the same points as text.
// Time runs left to right in every language, so the SVG is dir="ltr" even on a right-to-left page.

const WIDTH = 360;
const HEIGHT = 200;
// Sized so that 15-unit text reads at about 12 px on a 375 px screen and 18 px at its widest.
const PAD = { left: 40, right: 14, top: 14, bottom: 30 };
const FONT = 15;
// `direction` is the SVG presentation attribute; `dir` (missing from React's SVG types) says the same
// to anything reading the markup.
const LEFT_TO_RIGHT = { dir: "ltr", direction: "ltr" } as SVGProps<SVGSVGElement>;
const plotWidth = WIDTH - PAD.left - PAD.right;
const plotHeight = HEIGHT - PAD.top - PAD.bottom;

function scales(chart: Chart) {
  const span = Math.max(1, dayOf(chart, chart.lastDate));
  const x = (date: string) => PAD.left + (dayOf(chart, date) / span) * plotWidth;
  const y = (pills: number) => PAD.top + plotHeight - (pills / chart.maxPills) * plotHeight;
  return { x, y };
}

const path = (points: ChartPoint[], x: (d: string) => number, y: (p: number) => number) =>
  points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.date).toFixed(1)},${y(p.pills).toFixed(1)}`).join(" ");

/** A vertical marker line across the plot with a short label at its top. */
function Marker({ at, label, color, dash }: { at: number; label: string; color: string; dash?: string }) {
  return (
    <g>
      <line x1={at} x2={at} y1={PAD.top} y2={PAD.top + plotHeight} stroke={color} strokeWidth={1.5} strokeDasharray={dash} />
      <text x={at} y={HEIGHT - 4} fontSize={FONT} textAnchor="middle" fill={color}>
        {label}
      </text>
    </g>
  );
}

/** The table's 'What' column: the chart's own points here, a recorded event as the history words it. */
function whatHappened(point: ChartPoint): string {
  if (point.kind === "runs-out") return m.chart_runs_out_projected();
  if (point.kind === "ran-out") return m.chart_ran_out();
  if (point.kind === "today") return m.chart_today();
  return point.label;
}

export function SupplyChart({ chart, notificationDays }: { chart: Chart; notificationDays: number }) {
  const { x, y } = scales(chart);
  const inRange = (date: string) => date >= chart.firstDate && date <= chart.lastDate;
  const refills = chart.history.filter((p) => p.refill);
  const rows = [...chart.history, ...chart.projection.slice(1)];
  return (
    <figure className="space-y-3">
      <svg {...LEFT_TO_RIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-md" role="img" aria-labelledby="supply-chart-caption" data-testid="supply-chart">
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotHeight} stroke="#94a3b8" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} stroke="#94a3b8" />
        <text x={PAD.left - 4} y={PAD.top + 4} fontSize={FONT} textAnchor="end" fill="#334155">
          {formatNumber(Math.round(chart.maxPills))}
        </text>
        <text x={PAD.left - 4} y={PAD.top + plotHeight} fontSize={FONT} textAnchor="end" fill="#334155">
          {formatNumber(0)}
        </text>
        {chart.remindFrom !== null && inRange(chart.remindFrom) && chart.remindFrom !== chart.today && <Marker at={x(chart.remindFrom)} label={m.chart_remind()} color="#b45309" dash="2 3" />}
        <Marker at={x(chart.today)} label={m.chart_today()} color="#0f766e" />
        <path d={path(chart.history, x, y)} fill="none" stroke="#0f766e" strokeWidth={2.5} strokeLinejoin="round" />
        {chart.projection.length > 0 && <path d={path(chart.projection, x, y)} fill="none" stroke="#0f766e" strokeWidth={2} strokeDasharray="6 4" />}
        {refills.map((p, i) => (
          <circle key={i} cx={x(p.date)} cy={y(p.pills)} r={4.5} fill="#fff" stroke="#0f766e" strokeWidth={2} />
        ))}
      </svg>
      <figcaption id="supply-chart-caption" className="text-sm text-slate-700">
        {chart.runOut !== null && chart.remindFrom !== null && (
          <>
            {m.chart_caption({ date: formatDate(chart.runOut) })} {m.chart_caption_reminders({ days: notificationDays, date: formatDate(chart.remindFrom) })}
          </>
        )}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-teal-800 underline">{m.chart_show_table()}</summary>
        <table className="mt-2 w-full text-start">
          <caption className="sr-only">{m.chart_table_caption()}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 pe-3 font-medium">
                {m.chart_col_date()}
              </th>
              <th scope="col" className="py-1 pe-3 font-medium">
                {m.chart_col_amount()}
              </th>
              <th scope="col" className="py-1 font-medium">
                {m.chart_col_what()}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p, i) => (
              <tr key={i} className="border-b border-slate-100">
                <td className="py-1 pe-3 whitespace-nowrap">{formatDate(p.date)}</td>
                <td className="py-1 pe-3 whitespace-nowrap">{unitCountText(chart.unit, p.pills)}</td>
                <td className="py-1">{whatHappened(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
