import { Hono } from "hono";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { inLocale } from "../i18n/current";
import { directionOf, languageOf, PSEUDO_LOCALE } from "../i18n/languages";
import { allowsPseudoLocale } from "../http/language";
import { renderNotFound } from "./error-pages";

// The install manifest, one per language (/manifest.<language>.webmanifest): the installed app's
// name, short name and description are what the patient reads under its icon and in the app list,
// so they come from the catalogs. Every language's manifest has the same `id`, so switching language
// updates the installed app rather than installing another.

/** The manifest's URL for a page in `language` (Document links it from every page's head). */
export const manifestPath = (language: string) => `/manifest.${language}.webmanifest`;

/** The installable app in the current language. Colours and icons are the design's, the same in every language. */
export function webManifest(language: string) {
  return {
    id: "/",
    name: m.manifest_name(),
    short_name: m.manifest_short_name(),
    description: m.manifest_description(),
    lang: language === PSEUDO_LOCALE ? "en" : language,
    dir: directionOf(language),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#0f766e",
    background_color: "#f8fafc",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

export const manifestPages = new Hono<AppEnv>().get("/:file{manifest\\.[A-Za-z-]{2,5}\\.webmanifest}", (c) => {
  const tag = c.req.param("file").split(".")[1]!;
  const language = languageOf(tag, allowsPseudoLocale(c.env));
  // Only a catalog's own code: 'pt-BR' or 'EN' would be a second URL for the same file.
  if (!language || language !== tag) return renderNotFound(c);
  const manifest = inLocale({ language, locale: language === PSEUDO_LOCALE ? "en" : language }, () => webManifest(language));
  return c.body(JSON.stringify(manifest), 200, {
    "Content-Type": "application/manifest+json",
    // The same for everyone and no personal data: cacheable like the static files (public/_headers).
    "Cache-Control": "public, max-age=86400",
  });
});
