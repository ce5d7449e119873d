import { describe, expect, it } from "vitest";
import manifest from "../src/generated/assets.json";
import { call } from "./helpers";

// The islands contract: the server renders each island inside a marker, with its props as JSON in a
// data block just before it and its own useId prefix, and hoists the one client entry (with the CSP
// nonce) and the island's chunks.
// The English bundle: requests without Accept-Language are answered in English.
const assets = manifest.languages.en;

describe("island markup", () => {
  it("renders the marker, props, id prefix, client entry and preloads", async () => {
    const res = await call<string>("GET", "/auth");
    const html = res.body;
    const authForm = assets.islands.AuthForm;
    expect(html).toContain(
      `<script type="application/json" id="i1-props">{"initialTab":"signin"}</script><div data-island="AuthForm" data-src="${authForm.src}" data-id-prefix="i1-" class="contents">`,
    );
    // No props, no data block.
    expect(html).toContain(`<div data-island="Toasts" data-src="${assets.islands.Toasts.src}" data-id-prefix="i2-" class="contents">`);
    expect(html).not.toContain(`id="i2-props"`);

    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy")!)![1];
    const head = html.slice(0, html.indexOf("</head>"));
    expect(
      head.match(new RegExp(`<script type="module" src="${assets.client}" async="" nonce="${nonce.replace(/[+/=]/g, "\\$&")}">`, "g")),
    ).toHaveLength(1);
    for (const chunk of [...assets.clientImports, authForm.src, ...authForm.imports])
      expect(head).toContain(`<link rel="modulepreload" href="${chunk}"/>`);

    // useId values carry the island's prefix, so the root the browser hydrates makes the same ids.
    const labelFor = [...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]);
    expect(labelFor.length).toBeGreaterThan(0);
    for (const id of labelFor) {
      expect(id).toMatch(/^_i1-/);
      expect(html).toContain(`id="${id}"`);
    }
  });

  it("escapes props so they cannot end their data block, and they parse back unchanged", async () => {
    const token = `"></script><script>alert(1)</script><!--`;
    const res = await call<string>("GET", `/reset-password?token=${encodeURIComponent(token)}`);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    const block = /<script type="application\/json" id="i1-props">(.*?)<\/script>/.exec(res.body)![1];
    expect(block).not.toContain("<");
    expect(JSON.parse(block)).toEqual({ token });
  });
});
