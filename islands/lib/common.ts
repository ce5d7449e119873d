// What nearly every page's islands use, re-exported by every island entry and every module an
// island imports lazily (scripts/build.mjs, `commonModule`). esbuild puts each module in a chunk by
// the set of entries that use it, so the dashboard downloaded 24 small chunks, each gzipped on its
// own; with this, React is one chunk (the same file in every language, sonner's too) and these
// helpers another (−2.0 KB gzip on the dashboard in every language). Name only what the dashboard
// uses as well: every page with an island downloads all of it. ResendButton: the banner of an
// unconfirmed address, on every signed-in page.
import * as react from "react";
import * as jsx from "react/jsx-runtime";
import * as reactDom from "react-dom";

export { jsx, react, reactDom };
export { apiRequest, fetchCurrentUser, sendToSignIn } from "./api";
export { errorMessage, fieldOf } from "./errors";
export { navigateWithToast, onToasterWanted, showError, showSuccess, takeFlash } from "./toast";
export { setCurrentUser, useCurrentUser } from "./state";
export { PendingButton, Spinner, useSubmit } from "./submit";
export { useRefreshOnFocus } from "./useWindowFocus";
export { formatDate, formatNumber, formatTime } from "../../src/i18n/format";
export { formatClock } from "../../src/i18n/clock";
export { $arg, $num, $plural } from "../../src/i18n/runtime";
export { isolate, Rich } from "../../src/i18n/Rich";
export { addDays, daysBetween, todayIn } from "../../src/domain/time";
export { ResendButton } from "./ResendButton";
