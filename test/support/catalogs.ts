import ar from "../../src/i18n/messages/ar.json";
import de from "../../src/i18n/messages/de.json";
import en from "../../src/i18n/messages/en.json";
import es from "../../src/i18n/messages/es.json";
import fr from "../../src/i18n/messages/fr.json";
import hi from "../../src/i18n/messages/hi.json";
import pt from "../../src/i18n/messages/pt.json";
import zh from "../../src/i18n/messages/zh.json";

/** Every shipped catalog as plain key → message (English from its FormatJS defaultMessage). */
export const CATALOGS: Record<string, Record<string, string>> = {
  en: Object.fromEntries(Object.entries(en).map(([key, entry]) => [key, entry.defaultMessage])),
  es,
  fr,
  de,
  pt,
  hi,
  ar,
  zh,
};

/** Text as React writes it into HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
