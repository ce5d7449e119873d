export const PSEUDO: string;
/** The catalogs' problems (empty when every language matches English); `catalogs` includes "en" as plain messages. */
type English = Record<string, { defaultMessage: string; description?: string }>;
type Catalogs = Record<string, Record<string, string>>;
/** src/i18n/glossary.json: per safety word, its English pattern and, per language, the renderings never to use. */
type Glossary = Record<string, { english: string; never?: Record<string, string[]> } | string>;
export function check(input: { english: English; catalogs: Catalogs; glossary?: Glossary }): {
  problems: string[];
  parsed: Record<string, unknown>;
};
export function glossaryProblems(english: English, catalogs: Catalogs, glossary: Glossary): string[];
export function compile(): { languages: string[] };
