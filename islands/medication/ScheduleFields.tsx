import { useId, useState } from "react";
import type * as z from "zod/mini";
import { UNITS, WEEKDAYS, weekdayIndex, type Schedule, type Unit, type Weekday } from "../../src/domain/regimen";
import {
  DOSE_MAX,
  DOSE_MIN,
  DOSE_STEP,
  EARLIEST_DATE,
  EFFECTIVE_FROM_MAX_DAYS,
  EVERY_DAYS_MAX,
  EVERY_DAYS_MIN,
  MAX_DAYS_AHEAD,
  PER_WEEK_MAX,
  PER_WEEK_MIN,
} from "../../src/domain/limits";
import { addDays } from "../../src/domain/time";
import * as m from "../../src/generated/i18n";
import { currentLocale } from "../../src/i18n/current";
import { FieldError, Field } from "../lib/Field";
import { type CountBy, CountFields } from "./CountFields";
import { timeRowsOf, TimeRows, timesPayload } from "./TimeRows";
import { CourseFields, coursePayload } from "./CourseFields";
import type { CourseStepAnswer } from "../../src/domain/course";

// The medication form's regimen: 'How often', only the fields that choice needs, the unit,
// and on edit the day a changed schedule takes effect. The controls are named as the API's error
// codes name them ('How often' is `schedule`; dose, days, everyDays, startsOn, perWeek, unit, effectiveFrom), so a refusal from
// the server shows at its control (islands/lib/errors.ts).

// 'Once a week' is the form's own choice: a `weekdays` schedule with the one day picked.
type ScheduleType = Schedule["type"] | "weekly";
const TYPES: ScheduleType[] = ["daily", "weekly", "weekdays", "interval", "asNeeded"];
/** The form's own controls: the payload gets `schedule` built from them instead. */
const SCHEDULE_CONTROLS = [
  "schedule",
  "dose",
  "days",
  "everyDays",
  "startsOn",
  "perWeek",
  "pillsPerDay",
  "timeAt",
  "timeDose",
  "maxPerDay",
] as const;

type Props = {
  schedule: Schedule;
  /** The stored course and last day (the add form: none). */
  course: CourseStepAnswer[] | null;
  endsOn: string | null;
  unit: Unit;
  /** The user's today: the default of 'From' (edit) and of an interval's start. */
  today: string;
  edit: boolean;
  /** The stored count mode on edit (a new medication's follows its schedule). */
  countBy?: CountBy;
  errors: Record<string, string | undefined>;
};

export function ScheduleFields({ schedule, course, endsOn, unit: initialUnit, today, edit, countBy, errors }: Props) {
  const oneDay = schedule.type === "weekdays" && schedule.days.length === 1;
  const [type, setType] = useState<ScheduleType>(oneDay ? "weekly" : schedule.type);
  // The dose's label names what it counts ('Tablets each day'), so it follows the unit.
  const [unit, setUnit] = useState<Unit>(initialUnit);
  const daysId = useId();
  // Times of day (optional): with rows, the dose is their total and the Dose field gives way.
  const [times, setTimes] = useState(() => timeRowsOf(schedule.type === "asNeeded" ? undefined : schedule.times));
  const timed = type !== "asNeeded" && times.length > 0;
  const dose = schedule.type === "asNeeded" ? 1 : schedule.dose;
  const chosen: Weekday[] = schedule.type === "weekdays" ? schedule.days : [];
  // A new weekly dose defaults to today's weekday.
  const weeklyDay = oneDay ? chosen[0]! : WEEKDAYS[weekdayIndex(today)]!;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          as="select"
          label={m.medication_form_how_often()}
          name="schedule"
          value={type}
          onChange={(e) => setType(e.target.value as ScheduleType)}
          error={errors.schedule}
        >
          {TYPES.map((t) => (
            <option key={t} value={t}>
              {m.medication_form_how_often_option({ type: t })}
            </option>
          ))}
        </Field>
        <Field
          as="select"
          label={m.medication_form_unit()}
          name="unit"
          value={unit}
          onChange={(e) => setUnit(e.target.value as Unit)}
          error={errors.unit}
        >
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {m.medication_form_unit_option({ unit: u })}
            </option>
          ))}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {type === "asNeeded" ? (
          <Field
            label={m.medication_form_per_week()}
            name="perWeek"
            type="number"
            inputMode="decimal"
            min={PER_WEEK_MIN}
            max={PER_WEEK_MAX}
            step={DOSE_STEP}
            defaultValue={schedule.type === "asNeeded" ? schedule.perWeek : ""}
            error={errors.perWeek}
          />
        ) : timed ? null : (
          <Field
            label={m.medication_form_dose_label({ unit, per: type === "daily" ? "day" : "time" })}
            name="dose"
            type="number"
            inputMode="decimal"
            min={DOSE_MIN}
            max={DOSE_MAX}
            step={DOSE_STEP}
            defaultValue={dose}
            error={errors.dose}
          />
        )}
        {type === "weekly" && (
          <Field as="select" label={m.medication_form_weekly_day()} name="days" defaultValue={weeklyDay} error={errors.days}>
            {weekdayNames(currentLocale()).map((name, i) => (
              <option key={WEEKDAYS[i]} value={WEEKDAYS[i]}>
                {name}
              </option>
            ))}
          </Field>
        )}
        {type === "interval" && (
          <>
            <Field
              label={m.medication_form_every_days()}
              name="everyDays"
              type="number"
              inputMode="numeric"
              min={EVERY_DAYS_MIN}
              max={EVERY_DAYS_MAX}
              step={1}
              defaultValue={schedule.type === "interval" ? schedule.everyDays : 7}
              error={errors.everyDays}
            />
            <Field
              label={m.medication_form_starts_on()}
              name="startsOn"
              type="date"
              min={EARLIEST_DATE}
              max={addDays(today, MAX_DAYS_AHEAD)}
              defaultValue={schedule.type === "interval" ? schedule.startsOn : today}
              error={errors.startsOn}
            />
          </>
        )}
      </div>
      {type === "weekdays" && <Weekdays chosen={chosen} error={errors.days} id={daysId} />}
      {type !== "asNeeded" && <TimeRows rows={times} onRows={setTimes} unit={unit} error={errors.times} />}
      <CountFields
        asNeeded={type === "asNeeded"}
        countBy={countBy}
        maxPerDay={schedule.type === "asNeeded" ? schedule.maxPerDay : undefined}
        errors={errors}
      />
      <CourseFields course={course} endsOn={endsOn} unit={unit} today={today} errors={errors} />
      {edit && (
        <Field
          label={m.medication_form_effective_from()}
          name="effectiveFrom"
          type="date"
          min={EARLIEST_DATE}
          max={addDays(today, EFFECTIVE_FROM_MAX_DAYS)}
          defaultValue={today}
          error={errors.effectiveFrom}
          hint={m.medication_form_effective_from_hint()}
        />
      )}
    </div>
  );
}

/** Short weekday names of the page's language (Intl: no catalog bytes), Monday first; 2024-01-01 was a Monday. */
const weekdayNames = (locale: string) =>
  WEEKDAYS.map((_, i) => new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1 + i)));

function Weekdays({ chosen, error, id }: { chosen: Weekday[]; error?: string; id: string }) {
  const names = weekdayNames(currentLocale());
  return (
    <fieldset className="rounded-md border border-slate-200 p-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-800">{m.medication_form_days()}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAYS.map((day, i) => (
          <label key={day} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="days"
              value={day}
              defaultChecked={chosen.includes(day)}
              aria-invalid={error ? true : undefined}
              className="size-5"
            />
            {names[i]}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/**
 * The payload from the form's values: its other fields as they are, `schedule` built from the
 * controls above (the days from the checked boxes), and `effectiveFrom` only on edit.
 */
export function regimenPayload(form: HTMLFormElement, values: Record<string, string | boolean>): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...values };
  for (const name of SCHEDULE_CONTROLS) delete rest[name];
  const days = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="days"]:checked'), (box) => box.value);
  const type = values.schedule as ScheduleType;
  // With times the dose is left out: the server takes their sum.
  const times = type === "asNeeded" ? [] : timesPayload(form);
  const timed = times.length > 0 ? { times } : {};
  const schedule =
    type === "asNeeded"
      ? { type, perWeek: values.perWeek, ...(values.maxPerDay ? { maxPerDay: values.maxPerDay } : {}) }
      : type === "weekly"
        ? { type: "weekdays", dose: values.dose, days: [values.days], ...timed }
        : type === "weekdays"
          ? { type, dose: values.dose, days, ...timed }
          : type === "interval"
            ? { type, dose: values.dose, everyDays: values.everyDays, startsOn: values.startsOn, ...timed }
            : { type, dose: values.dose, ...timed };
  return { ...coursePayload(form, rest as Record<string, string | boolean>), schedule };
}

/** A schema's issues by control: a schedule's by its own field (`schedule.dose` → dose), else 'How often'. */
export function regimenErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === "schedule" ? (second && second !== "type" ? second : "schedule") : (first ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}
