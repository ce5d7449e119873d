// Transitional: the security tests move to test/helpers.ts and test/security/surface.ts in the next commit.
import { createMedication, createPharmacy, medicationInput, signUp, uniqueName, type Account } from "../helpers";

export { type Account, type Answer, BASE as ORIGIN, call, db, emailsTo, resetTokenFrom, sessionCookie, sessionRows, uniqueIp, uniqueName } from "../helpers";
export { changesState, expectJsonMessage, expectNoInternals, INTERNALS, isApi, type Route, routes } from "./surface";

export const register = (options: { secure?: boolean; email?: string; password?: string } = {}) => {
  const username = uniqueName("sec");
  return signUp({ username, fullName: `Security ${username}`, ...options });
};
export const addPharmacy = createPharmacy;
export const medicationBody = medicationInput;
export const addMedication = (account: Account, pharmacyId: number, overrides: Record<string, unknown> = {}) => createMedication(account, { pharmacyId, ...overrides });
