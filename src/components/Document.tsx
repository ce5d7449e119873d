import type { ReactNode } from "react";
import assets from "../generated/assets.json";
import { useRequestContext } from "@hono/react-renderer";
import type { AppEnv } from "../env";
import { Island } from "./Island";

/** The HTML shell of every page. */
export function Document({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content="Track your medications, days of supply left and refills." />
        <title>{title ? `${title} · Refill Tracker` : "Refill Tracker"}</title>
        <link rel="stylesheet" href={assets.css} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="min-h-screen">
        {children}
        <ToasterWhenInteractive />
      </body>
    </html>
  );
}

/**
 * The toaster rides along only on pages that already hydrate islands (only they make toasts), so a
 * page without islands ships no JavaScript. Rendered after the page body: by then every island of
 * the page has been counted.
 */
function ToasterWhenInteractive() {
  const c = useRequestContext<AppEnv>();
  return c.get("islandCount") ? <Island name="Toasts" props={{}} /> : null;
}
