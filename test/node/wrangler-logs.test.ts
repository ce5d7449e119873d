import { join } from "node:path";
import { experimental_readRawConfig, unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";

// Workers Logs' invocation logs store each request's full URL, and four of our URLs carry a secret
// (the calendar feed, reset, confirmation and unsubscribe links: SECURITY.md, "Secrets in URLs").
// The app's own console lines are redacted and may stay. Read the way wrangler deploy reads the
// file, so a misspelt key (read as unset, i.e. on) fails here too.

const config = join(import.meta.dirname, "../../wrangler.toml");
const environments = Object.keys(experimental_readRawConfig({ config }).rawConfig.env ?? {});

describe("wrangler.toml's observability", () => {
  const cases: [string, string | undefined][] = [
    ["top level", undefined],
    ...environments.map((name) => [`[env.${name}]`, name] as [string, string]),
  ];
  it.each(cases)("%s keeps the app's own logs and no invocation logs", (_, env) => {
    const { observability } = unstable_readConfig({ config, env });
    expect(observability?.enabled).toBe(true);
    expect(observability?.logs?.invocation_logs).toBe(false);
  });
});
