import list from "../generated/common-passwords.json";

// The 10,000 most common passwords (lower case), generated into the Worker's bundle by
// scripts/build.mjs from zxcvbn-ts's frequency list. Server only: the islands never import it.
const COMMON = new Set<string>(list);

/** Whatever its letter case: 'Password1' is as guessable as 'password1'. */
export const isCommonPassword = (password: string) => COMMON.has(password.normalize("NFKC").toLowerCase());
