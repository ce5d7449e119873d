export const PSEUDO: string;
/** The catalogs' problems (empty when every language matches English); `catalogs` includes "en" as plain messages. */
export function check(input: {
  english: Record<string, { defaultMessage: string; description?: string }>;
  catalogs: Record<string, Record<string, string>>;
}): { problems: string[]; parsed: Record<string, unknown> };
export function compile(): { languages: string[] };
