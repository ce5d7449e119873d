import { Hono } from "hono";
import type { AppEnv } from "../env";

// Issue 4: /profile, /notifications, and the one-click /unsubscribe.
export const settingsPages = new Hono<AppEnv>();
