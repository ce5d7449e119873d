import { USER_BATCH_SIZE } from "../data/reminder-claims";

// A Worker invocation may make 1,000 subrequests (paid plan); every Turso statement or batch, every
// Postmark request and every push is one. A batch of users is cut to what fits its share, so push
// devices make batches smaller instead of pushing an invocation over the limit.

/**
 * A batch at worst: select, claim, medications, the recording db.batch, and per user one Postmark
 * send plus one message search (a claim taken over from an earlier attempt): 804 for 400 users by
 * e-mail. A batch whose users have push devices reads them (one more statement) and spends one
 * subrequest per device, within the same ceiling.
 */
export const SUBREQUESTS_PER_BATCH = 4 + 2 * USER_BATCH_SIZE;

/** One user's worst case: an e-mail (or the fallback e-mail), its search, and a push to every device. */
export const userCost = (user: { pushDevices: number }) => 2 + user.pushDevices;

/** The leading users of `users` whose batch stays within SUBREQUESTS_PER_BATCH (at least one). */
export function withinBudget<T extends { pushDevices: number }>(users: T[]): T[] {
  let cost = 4;
  let devices = false;
  for (let i = 0; i < users.length; i++) {
    const user = users[i]!;
    const extra = user.pushDevices > 0 && !devices ? 1 : 0;
    if (i > 0 && cost + extra + userCost(user) > SUBREQUESTS_PER_BATCH) return users.slice(0, i);
    cost += extra + userCost(user);
    devices ||= user.pushDevices > 0;
  }
  return users;
}
