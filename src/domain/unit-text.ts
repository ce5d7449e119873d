import * as m from "../generated/i18n";

// Its own module: esbuild splits chunks by module, and this message (every unit in every plural
// category) must not ride in the dashboard's shared chunk when only the medication page shows it.

/** A count in a medication's unit, pluralised in the current language: '1 puff', '2 puffs', '5 ml'. */
export const unitCountText = (unit: string, n: number) => m.domain_unit_count({ unit, count: n });
