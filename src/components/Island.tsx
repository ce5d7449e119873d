import { useRequestContext } from "@hono/react-renderer";
import { Provider } from "jotai";
import type { ComponentProps, ComponentType } from "react";
import { preloadModule } from "react-dom";
import assets from "../generated/assets.json";
import { islands, type IslandName } from "../generated/islands";

type Manifest = { client: string; islands: Record<string, { src: string; imports: string[] }> };
const manifest = assets as Manifest;

/**
 * Server side of an island (Fresh/HonoX style): renders the component to HTML inside a marker that
 * carries its props as JSON, and asks React to hoist the client entry and the island's chunks into
 * <head>. islands/client.ts hydrates each marker; pages without islands ship no JavaScript.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const c = useRequestContext();
  const nonce = c.get("secureHeadersNonce") as string | undefined;
  const entry = manifest.islands[name];
  if (!entry) throw new Error(`island ${name} is not in the build manifest; run npm run build`);
  for (const chunk of [entry.src, ...entry.imports]) preloadModule(chunk, { as: "script" });
  const Component = islands[name] as ComponentType<object>;
  return (
    <>
      <script type="module" src={manifest.client} async nonce={nonce} />
      <div data-island={name} data-src={entry.src} data-props={JSON.stringify(props)} className="contents">
        {/* A store per render: module-level atoms on the server would be shared by every request. */}
        <Provider>
          <Component {...(props as object)} />
        </Provider>
      </div>
    </>
  );
}
