import type { ReactNode } from "react";
import assets from "../generated/assets.json";
import { useRequestContext } from "@hono/react-renderer";
import type { AppEnv } from "../env";
import { currentLanguage, currentLocale } from "../i18n/current";
import { directionOf, PSEUDO_LOCALE } from "../i18n/languages";
import * as m from "../generated/i18n";
import { manifestPath } from "../pages/manifest";
import { Island } from "./Island";
import { SiteFooter } from "./SiteFooter";

/** The HTML shell of every page, in the request's language and direction. */
export function Document({ title, children }: { title?: string; children: ReactNode }) {
  const language = currentLanguage();
  // The formatting locale when it is the same language ('ar-EG' keeps its digits), else the language.
  const locale = language === PSEUDO_LOCALE ? PSEUDO_LOCALE : currentLocale().split("-")[0] === language ? currentLocale() : language;
  return (
    <html lang={locale} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={m.meta_description()} />
        <title>{title ? m.document_title({ page: title }) : m.app_name()}</title>
        <link rel="stylesheet" href={assets.css} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable, named in the page's language (src/pages/manifest.ts); iOS takes its home-screen icon from the link. */}
        <link rel="manifest" href={manifestPath(language)} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <meta name="theme-color" content="#0f766e" />
      </head>
      <body className="flex min-h-screen flex-col">
        {/* The first stop of the Tab key: past the header, to the page's <main id="main">. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-teal-800 focus:underline focus:shadow-lg focus:outline-2 focus:outline-teal-700"
        >
          {m.skip_to_main()}
        </a>
        {/* Grows so the footer sits at the bottom; a page centred with mx-auto gives itself w-full (an
            auto margin in a flex column would size it to its content and scroll the page sideways). */}
        <div className="flex flex-1 flex-col">{children}</div>
        <SiteFooter />
        <ToasterWhenInteractive />
      </body>
    </html>
  );
}

/**
 * The toaster rides along only on pages that already hydrate islands (only they make toasts), so a
 * page without islands ships no JavaScript. Rendered after the page body: by then every island of
 * the page has been counted.
 */
function ToasterWhenInteractive() {
  const c = useRequestContext<AppEnv>();
  return c.get("islandCount") ? <Island name="Toasts" props={{}} /> : null;
}
