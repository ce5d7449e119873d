import type { ReactNode } from "react";
import assets from "../generated/assets.json";
import { Island } from "./Island";

/** The HTML shell of every page; the toaster island is on every page so toasts can follow navigations. */
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
        <Island name="Toasts" props={{}} />
      </body>
    </html>
  );
}
