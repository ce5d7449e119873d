import { Hono } from "hono";
import { AppShell } from "../components/AppShell";
import type { AppEnv } from "../env";
import { requirePageUser } from "./guards";

export const dashboardPages = new Hono<AppEnv>().get("/", requirePageUser, (c) =>
  c.render(
    <AppShell user={c.var.user!}>
      <h1 className="text-2xl font-bold">Medication Dashboard</h1>
    </AppShell>,
    { title: "Medication Dashboard" },
  ),
);
