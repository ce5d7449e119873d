// The signed-in pages' offline script, imported after load by AppShell's one-line snippet, so it
// is not part of any island bundle (nor of the dashboard's JavaScript budget). It registers the
// service worker (./index.ts, /sw.js) and, while there is no connection or the page is a kept copy
// (`data-from-cache`, set by the worker), disables what needs the server (`data-online-only`: refill,
// add, edit, delete, settings) and shows the banner (#offline, text rendered by the server in the
// user's language). Nothing is queued: a disabled action does not start, and a tap on one adds to the
// banner that it needs a connection and nothing was saved (`data-offline-tapped`), so a refill tapped
// offline is never taken for recorded.
const root = document.documentElement;

function update() {
  const offline = !navigator.onLine || root.hasAttribute("data-from-cache");
  root.toggleAttribute("data-offline", offline);
  if (!offline) root.removeAttribute("data-offline-tapped");
  for (const el of document.querySelectorAll("[data-online-only]")) {
    if (offline) {
      el.setAttribute("aria-disabled", "true");
      // The banner says why: 'You are offline'.
      el.setAttribute("aria-describedby", "offline");
    } else {
      el.removeAttribute("aria-disabled");
      el.removeAttribute("aria-describedby");
    }
  }
}

// Capturing on the document runs before React's listeners on the island roots, so a stopped click
// or submit never reaches the code that would call the server.
const block = (event: Event) => {
  if (!root.hasAttribute("data-offline")) return;
  if (event.type === "submit" || (event.target as Element).closest?.("[data-online-only]")) {
    event.preventDefault();
    event.stopImmediatePropagation();
    root.setAttribute("data-offline-tapped", "");
  }
};
document.addEventListener("click", block, true);
document.addEventListener("submit", block, true);
addEventListener("online", update);
addEventListener("offline", update);
// Islands add rows and buttons as the list changes (pages, search): mark those too.
new MutationObserver(update).observe(document.body, { childList: true, subtree: true });
update();

navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
