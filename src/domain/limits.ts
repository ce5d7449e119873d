// Per-account ceilings: far above what a patient tracks, low enough that one account cannot make
// the hourly job's batch (or one reminder e-mail) large enough to slow or fail everyone else's.

export const MAX_MEDICATIONS = 200;
export const MAX_PHARMACIES = 50;

export const TOO_MANY_MEDICATIONS_MESSAGE = `You can track up to ${MAX_MEDICATIONS} medications.`;
export const TOO_MANY_PHARMACIES_MESSAGE = `You can track up to ${MAX_PHARMACIES} pharmacies.`;
