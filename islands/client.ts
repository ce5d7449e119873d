// The one client entry: hydrates every island marker on the page, loading only those islands.
// Islands hydrate without a jotai Provider, so they share the default store (and its atoms).
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";

for (const marker of document.querySelectorAll<HTMLElement>("[data-island]")) {
  import(marker.dataset.src!).then((mod: { default: React.ComponentType<object> }) => {
    hydrateRoot(marker, createElement(mod.default, JSON.parse(marker.dataset.props ?? "{}")), {
      identifierPrefix: marker.dataset.idPrefix,
    });
  });
}
