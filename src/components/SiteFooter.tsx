import * as m from "../generated/i18n";
import { LanguageSwitcher } from "./LanguageSwitcher";

/** The footer of every page: the trust links and the language switcher. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 text-sm text-slate-700">
        <nav aria-label={m.footer_nav_label()} className="flex flex-wrap gap-4">
          <a href="/privacy" className="hover:underline">
            {m.footer_privacy()}
          </a>
          <a href="/terms" className="hover:underline">
            {m.footer_terms()}
          </a>
          <a href="/support" className="hover:underline">
            {m.footer_support()}
          </a>
        </nav>
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
