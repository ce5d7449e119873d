import type { ReactNode } from "react";
import * as m from "../generated/i18n";

/** Layout of the signed-out screens: product title and one centred card. */
export function CenteredCard({ heading, subtitle, children }: { heading: string; subtitle?: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-10 outline-none">
      <div className="text-center">
        <p className="text-2xl font-bold text-teal-800">{m.app_name()}</p>
        <h1 className="mt-2 text-xl font-semibold">{heading}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-700">{subtitle}</p>}
      </div>
      {children}
    </main>
  );
}
