import { useAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { useState } from "react";
import type { User } from "../src/auth/session";
import { apiRequest, fetchCurrentUser, sendToSignIn } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { navigateWithToast, showError } from "./lib/toast";
import { currentUserAtom } from "./lib/state";
import { useRefreshOnFocus } from "./lib/useWindowFocus";

/** The header's account menu; also keeps the current user fresh (refetched on focus, never cached). */
export default function AccountMenu({ user: initialUser }: { user: User }) {
  useHydrateAtoms([[currentUserAtom, initialUser]]);
  const [user, setUser] = useAtom(currentUserAtom);
  const [pending, setPending] = useState(false);

  useRefreshOnFocus(() => {
    fetchCurrentUser<User>()
      .then((fresh) => (fresh ? setUser(fresh) : sendToSignIn()))
      .catch(() => {});
  });

  async function logout() {
    setPending(true);
    try {
      await apiRequest("POST", "/api/logout");
      navigateWithToast("/auth", { title: "Logged out", description: "You have been logged out successfully" });
    } catch (err) {
      setPending(false);
      showError("Logout failed", errorMessage(err));
    }
  }

  const shown = user ?? initialUser;
  const itemClass = "block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100";
  return (
    <>
      <button type="button" popoverTarget="account-menu" className="btn-secondary max-w-48 px-3">
        <span className="truncate">{shown.fullName || shown.username}</span>
      </button>
      <div id="account-menu" popover="auto" className="card absolute right-4 top-14 m-0 w-56 p-2">
        <ul className="space-y-1">
          <li><a className={itemClass} href="/">Dashboard</a></li>
          <li><a className={itemClass} href="/profile">Profile</a></li>
          <li><a className={itemClass} href="/pharmacies">Pharmacies</a></li>
          <li>
            <button type="button" className={itemClass} onClick={logout} disabled={pending}>
              Logout
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}
