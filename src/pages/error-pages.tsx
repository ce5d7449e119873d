import type { Context } from "hono";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";

export function renderNotFound(c: Context<AppEnv>) {
  c.status(404);
  return c.render(
    <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 outline-none">
      <div className="card w-full max-w-md p-6">
        <h1 className="text-2xl font-bold text-slate-900">{m.page_not_found_heading()}</h1>
        <p className="mt-4 text-sm text-slate-700">{m.page_not_found_text()}</p>
        <a href="/" className="mt-6 inline-block text-sm text-teal-800 underline">
          {m.page_not_found_home()}
        </a>
      </div>
    </main>,
    { title: m.page_not_found_title() },
  );
}

export function renderUnavailable(c: Context<AppEnv>, status: 500 | 503) {
  c.status(status);
  return c.render(
    <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 outline-none">
      <div className="card w-full max-w-md p-6" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{m.page_unavailable_heading()}</h1>
        <p className="mt-4 text-sm text-slate-700">{m.page_unavailable_text()}</p>
        {/* biome-ignore lint/a11y/useValidAnchor: href="" is this same address: the link reloads the page, with or without script. */}
        <a href="" className="btn-primary mt-6">
          {m.page_unavailable_retry()}
        </a>
      </div>
    </main>,
    { title: m.page_unavailable_title() },
  );
}
