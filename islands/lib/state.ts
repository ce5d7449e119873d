import { atom } from "jotai";
import type { User } from "../../src/auth/session";

/** The signed-in user, shared by the header and any island that edits it (profile, settings). */
export const currentUserAtom = atom<User | null>(null);
