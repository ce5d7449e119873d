import { useAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import * as m from "../src/generated/i18n";
import type { User } from "../src/shared/user";
import { apiRequest, fetchCurrentUser, sendToSignIn } from "./lib/api";
import { currentUserAtom } from "./lib/state";
import { useSubmit } from "./lib/submit";
import { useBrowserTimeZone } from "./lib/useBrowserTimeZone";
import { useRefreshOnFocus } from "./lib/useWindowFocus";

/** The header's account menu; also keeps the current user fresh (refetched on focus, never cached). */
export default function AccountMenu({ user: initialUser }: { user: User }) {
  useHydrateAtoms([[currentUserAtom, initialUser]]);
  const [user, setUser] = useAtom(currentUserAtom);
  useBrowserTimeZone(initialUser.timezoneChosen);

  useRefreshOnFocus(() => {
    fetchCurrentUser<User>()
      .then((fresh) => (fresh ? setUser(fresh) : sendToSignIn()))
      .catch(() => {});
  });

  const logout = useSubmit<void>({
    async send() {
      await apiRequest("POST", "/api/logout");
      return { navigate: "/auth", toast: { title: m.account_menu_logged_out(), description: m.account_menu_logged_out_description() } };
    },
    failureTitle: m.account_menu_logout_failed(),
  });

  const shown = user ?? initialUser;
  const itemClass = "block w-full rounded px-3 py-2 text-start text-sm hover:bg-slate-100 focus-visible:bg-slate-100";
  return (
    <>
      <button type="button" popoverTarget="account-menu" className="btn-secondary max-w-48 px-3">
        <bdi className="truncate">{shown.fullName || shown.username}</bdi>
      </button>
      <div id="account-menu" popover="auto" className="card absolute end-4 top-14 m-0 w-56 p-2">
        <ul className="space-y-1">
          <li><a className={itemClass} href="/">{m.account_menu_dashboard()}</a></li>
          <li><a className={itemClass} href="/profile">{m.account_menu_profile()}</a></li>
          <li><a className={itemClass} href="/pharmacies">{m.account_menu_pharmacies()}</a></li>
          <li>
            <button type="button" className={itemClass} onClick={() => logout.submit()} disabled={logout.pending}>
              {m.account_menu_logout()}
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}
