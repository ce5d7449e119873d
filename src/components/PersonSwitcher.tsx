import * as m from "../generated/i18n";
import type { PersonScope } from "../shared/person-scope";
import type { Profile } from "../shared/profile-schemas";

/** A person's dashboard: one's own at /, another's at /p/:id/. */
const dashboardOf = (person: Profile) => (person.self ? "/" : `/p/${person.id}/`);

/**
 * The header's person switcher, server-rendered (no JavaScript): a native disclosure naming the
 * person shown, opening to a link per person the account belongs to, the current one marked with
 * aria-current. Shown only when the account has someone besides itself.
 */
export function PersonSwitcher({ people, current }: { people: Profile[]; current: PersonScope | null }) {
  if (people.length < 2) return null;
  const shown = people.find((p) => p.id === current?.id) ?? people[0]!;
  const label = (person: Profile) => (person.self ? m.person_switcher_you({ name: person.name }) : person.name);
  return (
    <nav aria-label={m.person_switcher_label()} className="relative min-w-0">
      <details className="person-switcher group">
        <summary className="btn-secondary max-w-[10rem] cursor-pointer gap-1 truncate px-3 sm:max-w-[16rem]">
          <bdi className="truncate">{label(shown)}</bdi>
          <span aria-hidden="true" className="text-xs">
            ▾
          </span>
        </summary>
        <ul className="absolute start-0 z-20 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {people.map((person) => (
            <li key={person.id}>
              <a
                href={dashboardOf(person)}
                aria-current={person.id === shown.id ? "true" : undefined}
                className="block truncate px-3 py-2 text-sm text-slate-900 hover:bg-slate-100 aria-[current=true]:font-semibold aria-[current=true]:text-teal-800"
              >
                <bdi>{label(person)}</bdi>
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
