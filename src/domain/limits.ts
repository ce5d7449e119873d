// Per-account ceilings: far above what a patient tracks, low enough that one account cannot make
// the hourly job's batch (or one reminder e-mail) large enough to slow or fail everyone else's.

export const MAX_MEDICATIONS = 200;
export const MAX_PHARMACIES = 50;
// Past a ceiling the API answers 409 error_too_many_medications / error_too_many_pharmacies.
