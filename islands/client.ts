// The one client entry: hydrates every island marker on the page, loading only those islands.
// Islands share one module graph, so they share islands/lib/state.ts (the signed-in user).
import { createElement, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { setPersonScope } from "./lib/person";

/**
 * Marks its island `data-hydrated` once React has hydrated it: a root's effects run after all of
 * its children's, so the attribute says the island is interactive (tests and tools wait on it).
 * It renders no element of its own, so the tree still matches the server's HTML.
 */
function MarkHydrated({ marker, children }: { marker: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    marker.setAttribute("data-hydrated", "");
  }, [marker]);
  return children;
}

function hydrateIslands() {
  // The page's person (AppShell's data block on another person's pages), before any island renders.
  const scope = document.getElementById("person-scope")?.textContent;
  setPersonScope(scope ? JSON.parse(scope) : null);
  for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
    import(marker.dataset.src!).then((mod: { default: React.ComponentType<object> }) => {
      const prefix = marker.dataset.idPrefix!;
      const props = document.getElementById(`${prefix}props`)?.textContent;
      const island = createElement(mod.default, props ? JSON.parse(props) : {});
      hydrateRoot(marker, createElement(MarkHydrated, { marker }, island), { identifierPrefix: prefix });
    });
  }
}

// The entry is an async module: from cache it can run before the parser has reached the last
// markers, so wait for the whole document first.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrateIslands, { once: true });
else hydrateIslands();
