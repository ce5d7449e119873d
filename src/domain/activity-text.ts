import * as m from "../generated/i18n";
import { isolate } from "../i18n/Rich";

// An activity entry as a sentence in the current language. The stored subject is a name the people
// typed (isolated, never translated), a role (invitations, joining) or a count (imports).

const roleOf = (subject: string | null) => (subject === "owner" || subject === "manager" || subject === "helper" ? subject : "viewer");

const SENTENCES: Record<string, (actor: string, subject: string) => string> = {
  medication_added: (actor, subject) => m.activity_medication_added({ actor, subject }),
  medication_changed: (actor, subject) => m.activity_medication_changed({ actor, subject }),
  medication_deleted: (actor, subject) => m.activity_medication_deleted({ actor, subject }),
  medication_paused: (actor, subject) => m.activity_medication_paused({ actor, subject }),
  medication_resumed: (actor, subject) => m.activity_medication_resumed({ actor, subject }),
  refill_recorded: (actor, subject) => m.activity_refill_recorded({ actor, subject }),
  refill_undone: (actor, subject) => m.activity_refill_undone({ actor, subject }),
  dose_taken: (actor, subject) => m.activity_dose_taken({ actor, subject }),
  dose_skipped: (actor, subject) => m.activity_dose_skipped({ actor, subject }),
  dose_extra: (actor, subject) => m.activity_dose_extra({ actor, subject }),
  dose_undone: (actor, subject) => m.activity_dose_undone({ actor, subject }),
  member_role_changed: (actor, subject) => m.activity_member_role_changed({ actor, subject }),
  member_removed: (actor, subject) => m.activity_member_removed({ actor, subject }),
  member_left: (actor) => m.activity_member_left({ actor }),
  signed_out_everywhere: (actor) => m.activity_signed_out_everywhere({ actor }),
};

/** The sentence of an entry of `kind` (src/data/activity.ts's ACTIVITY_KINDS) by `actorName` about `subject`. */
export function activityText(kind: string, actorName: string, subject: string | null): string {
  const actor = isolate(actorName);
  if (kind === "medications_imported") return m.activity_medications_imported({ actor, count: Number(subject ?? 0) });
  if (kind === "member_invited") return m.activity_member_invited({ actor, role: roleOf(subject) });
  if (kind === "member_joined") return m.activity_member_joined({ actor, role: roleOf(subject) });
  const sentence = SENTENCES[kind];
  // An entry of a kind this version does not know (written by a newer one) still reads as a change.
  return sentence ? sentence(actor, isolate(subject ?? "")) : m.activity_medication_changed({ actor, subject: isolate(subject ?? "") });
}
