import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { Unit } from "../src/domain/regimen";
import { addDays, todayIn } from "../src/domain/time";
import * as m from "../src/generated/i18n";
import { formatClock } from "../src/i18n/clock";
import { formatDate, formatTime } from "../src/i18n/format";
import { isolate } from "../src/i18n/Rich";
import { DoseRow, type RowItem } from "./doses/DoseRow";
import { LogUse } from "./doses/LogUse";
import { addTaps, type DayDoses, dropTap, keptTaps, newClientId, readDay, sendTaps, type Tap } from "./doses/queue";
import { mayDo, otherPersonName } from "./lib/person";
import { showError, showSuccess } from "./lib/toast";

// The dashboard's Today section: the day's doses by time, each with Taken and Skip (Take all per
// time), the as-needed medications with Log a use, and what was logged with its time and Undo.
// Previous day reaches back for late logging (the API keeps 31 days). Taps go through the kept
// queue (islands/doses/queue.ts), so they show at once and survive a lost connection.

type Props = {
  /** The person's zone: their today, and the clock a taken dose's time is shown on. */
  timezone: string;
  /** As-needed medications: each gets Log a use (they have no scheduled dose). */
  asNeeded: { id: number; name: string; unit: Unit }[];
};

/** How far back late logging reaches: the API takes dates up to 31 days back. */
const DAYS_BACK = 31;

export default function DoseToday({ timezone, asNeeded }: Props) {
  const today = todayIn(timezone);
  const [day, setDay] = useState(today);
  const [data, setData] = useState<DayDoses | null>(null);
  const [failed, setFailed] = useState(false);
  const [taps, setTaps] = useState<Tap[]>([]);
  // The server's warnings from the last send (an as-needed use past the patient's own maximum a day).
  const [warnings, setWarnings] = useState<string[]>([]);

  // A failed read keeps what is on screen (offline, the taps still show over it).
  // The day shown now: an answer for another (the user moved on, or the 'online' listener set up on
  // the first render reads again) is dropped.
  const shown = useRef(day);
  shown.current = day;
  const load = useCallback(() => {
    setFailed(false);
    readDay(shown.current).then(
      (answer) => answer.date === shown.current && setData(answer),
      () => setFailed(true),
    );
  }, []);

  // Sends what is kept, then reads the day again; a refusal's reason is shown in a toast.
  const send = useCallback(() => {
    const kept = keptTaps();
    setTaps(kept);
    // Nothing kept (most visits): no request beyond the day's one read.
    if (kept.length === 0) return;
    void sendTaps().then(({ refusal, warnings, delivered }) => {
      setTaps(keptTaps());
      setWarnings(warnings);
      if (refusal) showError(m.doses_failed(), refusal.message);
      // On another person's page every log says whose it was, so a switch of person cannot go unnoticed.
      const other = otherPersonName();
      if (other !== null && delivered > 0 && !refusal) showSuccess(m.person_dose_logged({ name: isolate(other) }));
      load();
    });
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new day is read afresh (load reads it from `shown`).
  useEffect(() => {
    setData(null);
    load();
  }, [day]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once: taps kept from an earlier visit go now, and again when back online.
  useEffect(() => {
    send();
    addEventListener("online", send);
    return () => removeEventListener("online", send);
  }, []);

  const tap = (list: Tap[]) => {
    addTaps(list);
    send();
  };
  const dose = (medicationId: number, at: string | null, status: "taken" | "skipped"): Tap => ({
    clientId: newClientId(),
    medicationId,
    tappedAt: Date.now(),
    date: day,
    at,
    status,
  });
  // A tap not sent yet is let go; a logged event's Undo is kept and sent like a tap (offline too).
  const undo = (item: RowItem) => {
    if (item.waiting) {
      dropTap(item.waiting);
      setTaps(keptTaps());
    } else if (item.eventId)
      tap([{ clientId: newClientId(), medicationId: item.medicationId, tappedAt: Date.now(), undo: item.eventId, day }]);
  };

  // What is on screen: the server's day, with the taps not sent yet laid over it.
  const waiting = taps.filter((t) => ("date" in t ? t.date : "day" in t ? t.day : today) === day);
  const undone = (eventId: number | null) => waiting.find((t) => "undo" in t && t.undo === eventId);
  const rows: RowItem[] = (data?.doses ?? []).map((d) => {
    const kept = waiting.find((t) => "date" in t && t.medicationId === d.medicationId && t.at === d.at);
    const undoing = !kept && d.eventId !== null && undone(d.eventId);
    if (undoing)
      return {
        ...d,
        key: `${d.medicationId}-${d.at}`,
        amount: d.dose,
        status: day < today ? "unlogged" : "due",
        time: "",
        eventId: null,
        waiting: undoing.clientId,
      };
    return {
      key: `${d.medicationId}-${d.at}`,
      medicationId: d.medicationId,
      name: d.name,
      unit: d.unit,
      at: d.at,
      amount: d.amount ?? d.dose,
      status: kept && "status" in kept ? kept.status : d.status,
      time: d.takenAt ? formatTime(d.takenAt, timezone) : "",
      eventId: d.eventId,
      waiting: kept?.clientId,
    };
  });
  const extras: RowItem[] = [
    ...(data?.extras ?? [])
      .filter((e) => !undone(e.eventId))
      .map((e) => ({
        ...e,
        key: `e${e.eventId}`,
        at: null,
        status: "taken" as const,
        time: formatTime(e.takenAt, timezone),
      })),
    ...waiting.flatMap((t) => {
      const med = "kind" in t && asNeeded.find((a) => a.id === t.medicationId);
      return med
        ? [
            {
              key: t.clientId,
              medicationId: med.id,
              name: med.name,
              unit: med.unit,
              at: null,
              amount: t.amount ?? 1,
              status: "taken" as const,
              time: formatTime(t.tappedAt, timezone),
              eventId: null,
              waiting: t.clientId,
            },
          ]
        : [];
    }),
  ];
  const groups = new Map<string | null, RowItem[]>();
  for (const row of [...rows].sort((a, b) => ((a.at ?? "~") < (b.at ?? "~") ? -1 : 1))) {
    groups.set(row.at, [...(groups.get(row.at) ?? []), row]);
  }

  // A viewer sees the day's doses without Taken, Skip, Undo or Log a use (the dashboard's note says why).
  const canLog = mayDo("helper");
  const heading = m.doses_heading({
    day: day === today ? "today" : day === addDays(today, -1) ? "yesterday" : "other",
    date: formatDate(day),
  });
  return (
    <section aria-labelledby="doses-heading" className="card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="doses-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        <div className="flex gap-2">
          {day > addDays(today, -DAYS_BACK) && (
            <button type="button" className="btn-secondary" onClick={() => setDay(addDays(day, -1))}>
              {m.doses_previous_day()}
            </button>
          )}
          {day < today && (
            <button type="button" className="btn-secondary" onClick={() => setDay(addDays(day, 1))}>
              {m.doses_next_day()}
            </button>
          )}
        </div>
      </div>
      {failed && !data ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          {m.doses_load_failed()}
          <button type="button" className="btn-secondary" onClick={load}>
            {m.common_try_again()}
          </button>
        </p>
      ) : data && groups.size === 0 && (day !== today || asNeeded.length === 0) && extras.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{m.doses_none()}</p>
      ) : (
        data && (
          <div className="mt-3 space-y-4">
            {/* In place before a warning comes, so screen readers announce it. */}
            <div role="status" className="space-y-2 empty:hidden">
              {warnings.map((warning) => (
                <p key={warning} className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                  {warning}
                </p>
              ))}
            </div>
            {[...groups].map(([at, list]) => {
              const open = list.filter((r) => r.status === "due" || r.status === "unlogged");
              const label = at ? formatClock(at) : m.doses_any_time({ today: day === today ? "yes" : "no" });
              return (
                <DoseGroup
                  key={at ?? "any"}
                  title={label}
                  action={
                    canLog &&
                    open.length > 1 && (
                      <button
                        type="button"
                        className="btn-secondary"
                        aria-label={m.doses_action({ action: "all", name: label })}
                        onClick={() => tap(open.map((r) => dose(r.medicationId, at, "taken")))}
                      >
                        {m.doses_take_all()}
                      </button>
                    )
                  }
                >
                  {list.map((row) => (
                    <DoseRow
                      key={row.key}
                      item={row}
                      onStatus={canLog ? (status) => tap([dose(row.medicationId, at, status)]) : undefined}
                      onUndo={canLog ? () => undo(row) : undefined}
                    />
                  ))}
                </DoseGroup>
              );
            })}
            {((day === today && asNeeded.length > 0) || extras.length > 0) && (
              <DoseGroup title={m.doses_as_needed()}>
                {day === today &&
                  canLog &&
                  asNeeded.map((med) => (
                    <LogUse
                      key={med.id}
                      name={med.name}
                      onLog={(amount) =>
                        tap([{ clientId: newClientId(), medicationId: med.id, tappedAt: Date.now(), kind: "extra", amount }])
                      }
                    />
                  ))}
                {extras.map((row) => (
                  <DoseRow key={row.key} item={row} onUndo={canLog ? () => undo(row) : undefined} />
                ))}
              </DoseGroup>
            )}
          </div>
        )
      )}
    </section>
  );
}

function DoseGroup({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
        {action}
      </div>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}
