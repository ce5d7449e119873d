import { atom } from "jotai";
import type { User } from "../../src/shared/user";

/** The signed-in user, shared by the header and any island that edits it (profile, settings). */
export const currentUserAtom = atom<User | null>(null);
