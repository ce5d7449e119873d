import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { isQuarterIn, PACKAGE_AMOUNT_MAX, PACKAGE_AMOUNT_MIN, PACKAGE_ITEMS_MAX, PACKAGE_ITEMS_MIN } from "../domain/limits";
import { msg } from "./validation";

// A medication's package (items × the amount each holds, src/domain/limits.ts) as POST/PATCH
// /api/medications, the form and the CSV import take it. Left out: kept (a new medication: none);
// null or empty: none.

const itemsInvalid = () => m.field_package_items_invalid({ min: PACKAGE_ITEMS_MIN, max: PACKAGE_ITEMS_MAX });
const amountInvalid = () => m.field_package_amount_invalid({ min: PACKAGE_AMOUNT_MIN, max: PACKAGE_AMOUNT_MAX, step: PACKAGE_AMOUNT_MIN });

/** A form's text ('' = none), a CSV cell, or the API's number or null; undefined stays undefined (kept). */
const optionalNumber = (message: () => string, valid: (n: number) => boolean) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? (value.trim() === "" ? null : Number(value)) : value)),
    z.optional(z.nullable(z.number(msg(message)).check(z.refine(valid, msg(message))))),
  );

export const packageFields = {
  packageItems: optionalNumber(itemsInvalid, (n) => Number.isInteger(n) && n >= PACKAGE_ITEMS_MIN && n <= PACKAGE_ITEMS_MAX),
  packageAmount: optionalNumber(amountInvalid, (n) => isQuarterIn(n, PACKAGE_AMOUNT_MIN, PACKAGE_AMOUNT_MAX)),
};

type PackageInput = { packageItems?: number | null; packageAmount?: number | null };

/** Both halves or neither: a package of 5 items holding nothing said is no package. */
const given = (value: number | null | undefined) => typeof value === "number";
const itemsMissing = (p: PackageInput) => !given(p.packageItems) && given(p.packageAmount);
const amountMissing = (p: PackageInput) => given(p.packageItems) && !given(p.packageAmount);

/** The schema with the pair's rule, each refusal at the half that is missing. */
export const withPackageRule = <T extends z.ZodMiniType<PackageInput>>(schema: T): T =>
  (schema as z.ZodMiniType<PackageInput>).check(
    z.refine((p: PackageInput) => !itemsMissing(p), { ...msg(m.field_package_items_required), path: ["packageItems"] }),
    z.refine((p: PackageInput) => !amountMissing(p), { ...msg(m.field_package_amount_required), path: ["packageAmount"] }),
  ) as T;
