import { Hono } from "hono";
import type { AppEnv } from "../env";

// Issue 3: GET/POST /medications, GET/PATCH/DELETE /medications/:id, POST /medications/refill.
export const medicationsApi = new Hono<AppEnv>();
