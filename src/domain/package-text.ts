import * as m from "../generated/i18n";
import type { Unit } from "./regimen";
import { unitCountText } from "./unit-text";

// How a package is said: '1 box = 5 pens = 1,500 units'. Its own module, loaded by the medication
// form and the refill dialog's lazy chunk only (never the dashboard's first JavaScript).

/** What one item of a package is, by the unit it holds: insulin comes in pens, tablets in strips. */
export type PackageKind = "pen" | "inhaler" | "bottle" | "strip" | "sachet" | "syringe" | "tube";
const KINDS: Record<Unit, PackageKind> = {
  tablet: "strip",
  capsule: "strip",
  ml: "bottle",
  drop: "bottle",
  puff: "inhaler",
  unit: "pen",
  patch: "sachet",
  injection: "syringe",
  application: "tube",
};
export const packageKind = (unit: Unit): PackageKind | "other" => KINDS[unit] ?? "other";

/** What one package holds in the medication's unit (items × each), or null when none is known. */
export const packageTotal = (p: { packageItems: number | null; packageAmount: number | null }) =>
  p.packageItems !== null && p.packageAmount !== null ? p.packageItems * p.packageAmount : null;

/**
 * What `boxes` packages of `items` × `each` hold, in the locale's digits: '1 box = 5 pens = 1,500
 * units'; a package of one item, or of items holding one each, without the middle: '1 box = 28 tablets'.
 */
export function packageSizeText(unit: Unit, items: number, each: number, boxes = 1): string {
  const total = unitCountText(unit, boxes * items * each);
  if (items === 1 || each === 1) return m.package_size_text_single({ boxes, total });
  return m.package_size_text({ boxes, items: m.package_items_count({ kind: packageKind(unit), count: boxes * items }), total });
}
