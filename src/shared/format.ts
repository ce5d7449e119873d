// Dates are formatted in the current locale by src/i18n/format.ts (counts and plurals are ICU
// messages in the catalogs). This re-export keeps older imports working until they move there.
export { formatDate } from "../i18n/format";

/**
 * @deprecated English only: use an ICU plural message instead (`{count, plural, one {# day} other
 * {# days}}`). Kept only while islands still call it.
 */
export function plural(n: number, one: string, many: string, shown: (n: number) => string = String): string {
  return `${shown(n)} ${n === 1 ? one : many}`;
}
