// The privacy page's version (src/pages/trust-pages.tsx shows it). Consent to store health data is
// recorded with it, and an account whose consent names another version is asked again on its next
// signed-in page: change it (to the day of the change) whenever what the privacy page says is stored,
// who sees it or how long it is kept changes; not for wording or translation fixes.
export const PRIVACY_VERSION = "2026-11-28";
