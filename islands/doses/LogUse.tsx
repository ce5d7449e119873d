import { useState } from "react";
import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";

/** An as-needed medication: the amount of a use (default 1) and Log a use. */
export function LogUse({ name, onLog }: { name: string; onLog: (amount: number) => void }) {
  const [amount, setAmount] = useState("1");
  const value = Number(amount);
  return (
    <li className="flex flex-wrap items-center gap-2">
      <bdi className="flex-1 font-medium">{name}</bdi>
      <input
        type="number"
        inputMode="decimal"
        min={0.25}
        step={0.25}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-label={m.doses_amount({ name: isolate(name) })}
        className="field-input w-20"
      />
      <button
        type="button"
        className="btn-secondary"
        aria-label={m.doses_action({ action: "use", name: isolate(name) })}
        onClick={() => value > 0 && onLog(value)}
      >
        {m.doses_log_use()}
      </button>
    </li>
  );
}
