// The one client entry: hydrates every island marker on the page, loading only those islands.
// Islands share one module graph, so they share islands/lib/state.ts (the signed-in user).
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";

function hydrateIslands() {
  for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
    import(marker.dataset.src!).then((mod: { default: React.ComponentType<object> }) => {
      const prefix = marker.dataset.idPrefix!;
      const props = document.getElementById(`${prefix}props`)?.textContent;
      hydrateRoot(marker, createElement(mod.default, props ? JSON.parse(props) : {}), { identifierPrefix: prefix });
    });
  }
}

// The entry is an async module: from cache it can run before the parser has reached the last
// markers, so wait for the whole document first.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrateIslands, { once: true });
else hydrateIslands();
