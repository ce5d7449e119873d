/** Folders and files scripts/build.mjs reads. */
export const INPUTS: string[];
/** Where each build writes the digest of the inputs it built from. */
export const STAMP: string;
/** The digest of every input file's path and bytes under `root`. */
export function inputsDigest(root: string): string;
/** Whether the last build under `root` was made from these very inputs and `outputs` exist. */
export function buildIsCurrent(root: string, outputs: string[]): boolean;
