import { Hono } from "hono";
import { personToday, personZone } from "../http/person";
import { countSourceOf, doseLogsOf, medicationAddedOf } from "../data/adherence";
import { supplyEventsOf, toSupplyEvent } from "../data/supply";
import { adherence } from "../domain/adherence";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { adherenceSchema } from "../shared/dose-schemas";
import { idParamSchema } from "../shared/medication-schemas";

// GET /medications/:id/adherence?days=30: how a medication was taken over the last 7 to 365 days
// (src/domain/adherence.ts). The session, the medication, its supply events and its dose logs: one round trip.

/** The period when `days` is not given. */
const DEFAULT_DAYS = 30;

export const adherenceApi = new Hono<AppEnv>().get(
  "/medications/:id{[0-9]+}/adherence",
  signedIn(({ db, person, id, now }) => ({
    medication: medicationAddedOf(db, person, id),
    events: supplyEventsOf(db, person, id),
    logs: doseLogsOf(db, person, id, now),
  })),
  validate("param", idParamSchema(m.field_medication_id_invalid)),
  validate("query", adherenceSchema),
  (c) => {
    const { data } = c.var.signedIn;
    const [row] = data.medication;
    if (!row) throw new ApiError(404, "error_medication_not_found");
    const source = countSourceOf(row, data.events.map(toSupplyEvent), data.logs);
    return c.json(adherence(source, c.req.valid("query").days ?? DEFAULT_DAYS, personToday(c.var.signedIn), personZone(c.var.signedIn)));
  },
);
