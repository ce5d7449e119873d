import { useRequestContext } from "@hono/react-renderer";
import type { AppEnv } from "../env";
import { currentLanguage } from "../i18n/current";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../i18n/languages";
import * as m from "../generated/i18n";

/**
 * The language switcher: one button per language, each named in its own language, in a plain form
 * (works without JavaScript). POST /language sets the `lang` cookie, saves the choice on a
 * signed-in account, and comes back to this page.
 */
export function LanguageSwitcher() {
  const c = useRequestContext<AppEnv>();
  const current = currentLanguage();
  const back = new URL(c.req.url);
  return (
    <form method="post" action="/language" aria-label={m.language_switcher_label()} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input type="hidden" name="next" value={back.pathname + back.search} />
      {LANGUAGES.map((language: Language) => (
        <button
          key={language}
          type="submit"
          name="lang"
          value={language}
          lang={language}
          aria-current={language === current ? "true" : undefined}
          className={language === current ? "font-semibold text-slate-900" : "text-teal-800 hover:underline"}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </form>
  );
}
