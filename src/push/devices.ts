import { zoneOrUtc } from "../domain/time";
import { formatDateTime } from "../i18n/format";
import { deviceLabel } from "../pages/account-sections";
import type { PushDevice } from "../shared/push";

/** The device list as the settings page and the API show it: label in the reader's language, date in the user's zone. */
export const pushDeviceRows = (rows: Array<{ id: number; label: string | null; createdAt: number }>, timeZone: string): PushDevice[] =>
  rows.map((row) => ({ id: row.id, label: deviceLabel(row.label), addedOn: formatDateTime(row.createdAt, zoneOrUtc(timeZone)) }));
