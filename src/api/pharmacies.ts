import { Hono } from "hono";
import type { AppEnv } from "../env";

// Issue 3: GET/POST /pharmacies, PATCH/DELETE /pharmacies/:id.
export const pharmaciesApi = new Hono<AppEnv>();
