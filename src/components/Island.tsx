import { useRequestContext } from "@hono/react-renderer";
import type { ComponentProps, ComponentType } from "react";
import { preloadModule } from "react-dom";
import { renderToString } from "react-dom/server";
import type { AppEnv } from "../env";
import assets from "../generated/assets.json";
import { islands, type IslandName } from "../generated/islands";
import { currentLanguage } from "../i18n/current";
import { setPersonScope } from "../../islands/lib/person";

type Scripts = { client: string; clientImports: string[]; islands: Record<string, { src: string; imports: string[] }> };
type Manifest = { css: string; languages: Record<string, Scripts> };
const manifest = assets as Manifest;

/**
 * Server side of an island (Fresh/HonoX style): renders the component to HTML inside a marker, its
 * props as JSON in a data block just before it (`<script type="application/json" id="{prefix}props">`,
 * left out when empty), and asks React to hoist the client entry and the island's chunks into
 * <head>. islands/client.ts hydrates each marker; pages without islands ship no JavaScript.
 *
 * Each island is rendered as its own React root with its own useId prefix — exactly the root the
 * browser hydrates — so ids made by useId (labels, dialogs) match between server and client.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const c = useRequestContext<AppEnv>();
  const nonce = c.get("secureHeadersNonce");
  // The bundle of the request's language: it holds that language's messages and no other's.
  const scripts = manifest.languages[currentLanguage()] ?? manifest.languages.en!;
  const entry = scripts.islands[name];
  if (!entry) throw new Error(`island ${name} is not in the build manifest; run npm run build`);
  // Everything the entry and this island import up front; React dedupes repeats across islands.
  for (const chunk of [...scripts.clientImports, entry.src, ...entry.imports]) preloadModule(chunk, { as: "script" });
  const Component = islands[name] as ComponentType<object>;
  const islandIndex = (c.get("islandCount") ?? 0) + 1;
  c.set("islandCount", islandIndex);
  const idPrefix = `i${islandIndex}-`;
  // Islands read shared state only from their props on the server (islands/lib/state.ts).
  // The page's person, set around the render alone: renderToString is synchronous, so no other
  // request's render can run in between and see it.
  const previous = setPersonScope(c.get("personScope") ?? null);
  let html: string;
  try {
    html = renderToString(<Component {...(props as object)} />, { identifierPrefix: idPrefix });
  } finally {
    setPersonScope(previous);
  }
  const json = JSON.stringify(props);
  return (
    <>
      <script type="module" src={scripts.client} async nonce={nonce} />
      {json !== "{}" && (
        <script
          type="application/json"
          id={`${idPrefix}props`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the props as JSON, made script-safe (scriptSafe escapes every "<", so no "</script>" ends it).
          dangerouslySetInnerHTML={{ __html: scriptSafe(json) }}
        />
      )}
      <div
        data-island={name}
        data-src={entry.src}
        data-id-prefix={idPrefix}
        className="contents"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render by React (renderToString), which escapes.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

/**
 * JSON that cannot end its <script> element early: every "<" becomes the escape \u003c, which
 * JSON.parse reads back as "<" (so no "</script>" or "<!--" reaches the HTML parser). A data block
 * rather than an attribute: React escapes every quote of an attribute value, which made the
 * dashboard's props (100 medications) a third larger and their escaping a tenth of its render.
 */
const scriptSafe = (json: string) => json.replace(/</g, "\\u003c");
