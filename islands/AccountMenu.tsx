import type { KeyboardEvent, ToggleEvent } from "react";
import * as m from "../src/generated/i18n";
import type { User } from "../src/shared/user";
import { apiRequest, fetchCurrentUser, sendToSignIn } from "./lib/api";
import { setCurrentUser, useCurrentUser } from "./lib/state";
import { useSubmit } from "./lib/submit";
import { useBrowserTimeZone } from "./lib/useBrowserTimeZone";
import { useRefreshOnFocus } from "./lib/useWindowFocus";

/** The header's account menu; also keeps the current user fresh (refetched on focus, never cached). */
export default function AccountMenu({ user: initialUser }: { user: User }) {
  const user = useCurrentUser(initialUser);
  useBrowserTimeZone(initialUser.timezoneChosen);

  useRefreshOnFocus(() => {
    fetchCurrentUser<User>()
      .then((fresh) => (fresh ? setCurrentUser(fresh) : sendToSignIn()))
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
  const item = { role: "menuitem", tabIndex: -1, className: itemClass };
  // The ARIA menu button (its expanded state comes with popoverTarget): opening focuses an item, the
  // arrows move between items, and closing (Escape, an item chosen, Tab, a click outside) brings
  // focus back to the button unless it went on to another control.
  const menu = () => document.getElementById("account-menu")!;
  function onKeyDown(event: KeyboardEvent) {
    const items = [...menu().querySelectorAll<HTMLElement>("[role=menuitem]")];
    const at = items.indexOf(document.activeElement as HTMLElement);
    // On the button (at -1): Down opens on the first item and Up on the last.
    const to = { ArrowDown: at + 1, ArrowUp: Math.max(at, 0) - 1, Home: 0, End: -1 }[event.key];
    if (event.key === "Tab") menu().hidePopover();
    if (to === undefined) return;
    event.preventDefault();
    menu().togglePopover(true);
    items.at(to % items.length)!.focus();
  }
  function onToggle(event: ToggleEvent<HTMLElement>) {
    const active = document.activeElement as HTMLElement;
    const inside = event.currentTarget.contains(active);
    if (event.newState === "open") inside || menu().querySelector("a")!.focus();
    else if (inside || active.tabIndex < 0) document.getElementById("account-menu-button")!.focus({ preventScroll: true });
  }
  return (
    <>
      <button
        type="button"
        id="account-menu-button"
        popoverTarget="account-menu"
        aria-haspopup="menu"
        onKeyDown={onKeyDown}
        className="btn-secondary max-w-48 px-3"
      >
        <bdi className="truncate">{shown.fullName || shown.username}</bdi>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the popover catches the arrow keys and Escape of the menu inside it. */}
      <div id="account-menu" popover="auto" onToggle={onToggle} onKeyDown={onKeyDown} className="card absolute end-4 top-14 m-0 w-56 p-2">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click of a chosen item bubbles here to close the menu; Enter on an item is a click, and the keys are handled above. */}
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA menu pattern: a list as role="menu", its items role="none" around role="menuitem" links. */}
        <ul role="menu" aria-labelledby="account-menu-button" onClick={() => menu().hidePopover()} className="space-y-1">
          <li role="none">
            <a {...item} href="/">
              {m.account_menu_dashboard()}
            </a>
          </li>
          <li role="none">
            <a {...item} href="/profile" data-online-only>
              {m.account_menu_profile()}
            </a>
          </li>
          <li role="none">
            <a {...item} href="/people">
              {m.account_menu_people()}
            </a>
          </li>
          <li role="none">
            <a {...item} href="/pharmacies">
              {m.account_menu_pharmacies()}
            </a>
          </li>
          <li role="none">
            <button type="button" {...item} onClick={() => logout.submit()} disabled={logout.pending}>
              {m.account_menu_logout()}
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}
