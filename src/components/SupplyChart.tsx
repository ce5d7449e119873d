import type { ChartPoint, SupplyChart as Chart } from "../domain/supply-chart";
import { unitCountText } from "../domain/unit-text";
import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";
import { SupplyPlot, type PlotSize } from "./SupplyPlot";

// The supply over time: a picture (SupplyPlot) and a table of the same points as text.
// The picture takes the card's full width. Its text keeps a readable size: a phone's drawing below
// 640 px (15-unit text reads at about 13 px on a 375 px screen; it stops growing at 448 px), a wider
// one from there (17-unit text at 13 to 17 px). CSS shows one of the two; the other is display:none,
// out of the accessibility tree.
const PHONE: PlotSize = { width: 360, plotHeight: 150, font: 15 };
const WIDE: PlotSize = { width: 720, plotHeight: 200, font: 17 };

/** The table's 'What' column: the chart's own points here, a recorded event as the history words it. */
function whatHappened(point: ChartPoint): string {
  if (point.kind === "runs-out") return m.chart_runs_out_projected();
  if (point.kind === "ran-out") return m.chart_ran_out();
  if (point.kind === "today") return m.chart_today();
  return point.label;
}

export function SupplyChart({ chart, notificationDays }: { chart: Chart; notificationDays: number }) {
  const rows = [...chart.history, ...chart.projection.slice(1)];
  return (
    <figure className="space-y-3">
      <SupplyPlot chart={chart} size={PHONE} className="h-auto w-full max-w-md sm:hidden" />
      <SupplyPlot chart={chart} size={WIDE} className="hidden h-auto w-full sm:block" />
      <figcaption id="supply-chart-caption" className="text-sm text-slate-700">
        {chart.runsOutOn !== null && chart.remindFrom !== null && (
          <>
            {m.chart_caption({ date: formatDate(chart.runsOutOn) })}{" "}
            {m.chart_caption_reminders({ days: notificationDays, date: formatDate(chart.remindFrom) })}
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
