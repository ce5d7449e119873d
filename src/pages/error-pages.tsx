import type { Context } from "hono";
import type { AppEnv } from "../env";

export function renderNotFound(c: Context<AppEnv>) {
  c.status(404);
  return c.render(
    <main className="flex flex-1 items-center justify-center px-4">
      <div className="card w-full max-w-md p-6">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-700">Did you forget to add the page to the router?</p>
        <a href="/" className="mt-6 inline-block text-sm text-teal-800 underline">
          Go to the dashboard
        </a>
      </div>
    </main>,
    { title: "Page not found" },
  );
}

export function renderUnavailable(c: Context<AppEnv>, status: 500 | 503) {
  c.status(status);
  return c.render(
    <main className="flex flex-1 items-center justify-center px-4">
      <div className="card w-full max-w-md p-6" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">We'll be right back</h1>
        <p className="mt-4 text-sm text-slate-700">
          Refill Tracker can't reach its data just now. Nothing you saved is lost — please try again in a moment.
        </p>
        <a href="" className="btn-primary mt-6">
          Try again
        </a>
      </div>
    </main>,
    { title: "Temporarily unavailable" },
  );
}
