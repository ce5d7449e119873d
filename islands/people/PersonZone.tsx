import { useEffect, useState } from "react";
import type { TimeZoneOption } from "../../src/domain/timezones";
import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";
import { profileChangeSchema, type Profile } from "../../src/shared/profile-schemas";
import { apiRequest } from "../lib/api";
import { FormAlert } from "../lib/Field";
import { check } from "../lib/form";
import { PendingButton, useSubmit } from "../lib/submit";
import { ZoneSelect } from "../settings/ZoneSelect";
import { type PersonRef, personPath, reloadWith } from "./common";

/** What the page gives the zone choice of a person without an account. */
export interface PersonZoneProps {
  /** The person's zone now. */
  value: string;
  /** The zones to choose from, in the page's language (src/domain/timezones.ts timeZoneOptions). */
  zones: TimeZoneOption[];
  renderedAt: number;
}

/** The time zone of a person without an account: their day, counts and dose reminders follow it. */
export function PersonZone({ person, zone }: { person: PersonRef; zone: PersonZoneProps }) {
  const [value, setValue] = useState(zone.value);
  const [now, setNow] = useState(zone.renderedAt);
  // Each option shows its zone's local time: keep it current.
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const save = useSubmit({
    check: () => check(profileChangeSchema, { timeZone: value }),
    async send(data) {
      const saved = await apiRequest<Profile>("PATCH", personPath(person), data);
      return reloadWith({ title: m.people_zone_saved({ person: isolate(person.name), zone: saved.timeZone ?? value }) });
    },
    failureTitle: m.common_update_failed(),
  });
  const id = `person-${person.id}-timezone`;
  return (
    <form onSubmit={save.onSubmit} noValidate className="space-y-4">
      <ZoneSelect
        id={id}
        zones={zone.zones}
        value={value}
        onChange={setValue}
        now={now}
        error={save.errors.timeZone ?? save.errors.timezone}
        label={m.people_zone_label()}
        hint={m.people_zone_hint()}
      />
      <FormAlert message={save.failure} />
      <PendingButton className="btn-primary" pending={save.pending} label={m.people_zone_save()} pendingLabel={m.common_saving()} />
    </form>
  );
}
