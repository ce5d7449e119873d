import { Hono } from "hono";
import { CenteredCard } from "../components/CenteredCard";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { allowsPseudoLocale, useAccountLocale } from "../http/language";

// GET /offline: what the service worker shows for a page it has no copy of when there is no
// connection (a medication page never opened, settings), instead of the browser's own error. The
// worker keeps one copy beside the pages it keeps, fetched in their language (`?lang=` = their
// <html lang>), so it needs no session: it reads nothing from the database and names no data.

function OfflinePage() {
  return (
    <CenteredCard heading={m.offline_notice()} subtitle={m.offline_page_text()}>
      <a href="/" className="btn-primary">
        {m.offline_page_list_link()}
      </a>
    </CenteredCard>
  );
}

export const offlinePages = new Hono<AppEnv>().get("/offline", (c) => {
  // The kept pages' language wins over the cookie and the browser's, as the account's does.
  useAccountLocale({ locale: c.req.query("lang") ?? null }, allowsPseudoLocale(c.env));
  return c.render(<OfflinePage />, { title: m.offline_notice() });
});
