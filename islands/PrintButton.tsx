import { useEffect, useState } from "react";
import * as m from "../src/generated/i18n";

/**
 * The print page's 'Print' button. It shows once hydrated: without JavaScript a button that does
 * nothing would mislead, and the page says to use the browser's own Print command instead.
 */
export default function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button type="button" className="btn-primary" hidden={!ready} onClick={() => window.print()}>
      {m.common_print()}
    </button>
  );
}
