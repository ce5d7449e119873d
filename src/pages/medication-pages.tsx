import { Hono } from "hono";
import type { AppEnv } from "../env";

// Issue 3: /add-medication, /edit-medication/:id, /pharmacies.
export const medicationPages = new Hono<AppEnv>();
