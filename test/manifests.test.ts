import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../src/i18n/languages";
import { call } from "./helpers";

// The installed app's name and description were English in every language: one manifest per
// language now, named from the catalogs, and every page links its own language's.

const expected: Record<string, { name: string; short_name: string; description: string; dir: string }> = {
  en: { name: "Refill Tracker", short_name: "Refills", description: "Track your medications and know when to refill them.", dir: "ltr" },
  es: { name: "Control de recetas", short_name: "Recetas", description: "Controla tus medicamentos y sabe cuándo reponerlos.", dir: "ltr" },
  ar: { name: "متابعة صرف الأدوية", short_name: "أدويتي", description: "تابع أدويتك واعرف متى تعيد صرفها.", dir: "rtl" },
  zh: { name: "续药提醒", short_name: "续药", description: "记录您的药品，了解何时需要续药。", dir: "ltr" },
};

describe("the installed app speaks the page's language (was English only)", () => {
  it.each(Object.entries(expected))("/manifest.%s.webmanifest names the app in that language", async (language, words) => {
    const res = await call("GET", `/manifest.${language}.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/manifest+json");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(res.body).toMatchObject({ ...words, lang: language, id: "/", start_url: "/", scope: "/", display: "standalone" });
  });

  it("every language has one, each with its own words, and the same app id (switching language updates the installed app)", async () => {
    const manifests = await Promise.all(LANGUAGES.map(async (l) => (await call("GET", `/manifest.${l}.webmanifest`)).body));
    expect(manifests.map((m) => m.id)).toEqual(LANGUAGES.map(() => "/"));
    expect(manifests.map((m) => m.icons)).toEqual(LANGUAGES.map(() => manifests[0].icons));
    for (const [i, language] of LANGUAGES.entries()) {
      if (language === "en") continue;
      expect(manifests[i].description, language).not.toBe(manifests[0].description);
      expect(manifests[i].short_name.length, language).toBeLessThanOrEqual(12);
    }
  });

  it.each([
    ["/auth", "es", "/manifest.es.webmanifest"],
    ["/privacy", "ar", "/manifest.ar.webmanifest"],
    ["/auth", "en", "/manifest.en.webmanifest"],
  ])("%s in %s links %s", async (path, language, href) => {
    const page = await call("GET", path, { cookie: `lang=${language}` });
    expect(page.text).toContain(`<link rel="manifest" href="${href}"/>`);
  });

  it.each(["/manifest.xx.webmanifest", "/manifest.pt-BR.webmanifest", "/manifest.EN.webmanifest"])("%s: 404", async (path) => {
    expect((await call("GET", path)).status).toBe(404);
  });
});
