import { Hono } from "hono";
import type { AppEnv } from "../env";

// Issue 4: PATCH /profile, PATCH /notifications/settings, POST /test-email-notification.
export const settingsApi = new Hono<AppEnv>();
