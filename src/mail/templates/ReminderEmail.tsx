import { NO_PHARMACY } from "../../domain/dashboard";
import { RUNNING_LOW_MAX_DAYS } from "../../domain/medications";
import type { ReminderContent, ReminderItem } from "../../reminders/due";
import { formatDate, plural } from "../../shared/format";
import type { OutgoingEmail } from "../mailer";
import { unsubscribeUrl, type UnsubscribeKey } from "../unsubscribe";
import { buttonStyle, EmailFrame, LINK, MUTED, renderEmail } from "./EmailFrame";
import { greetingName, hello } from "./greeting";

// The daily refill reminder (and the test e-mail): HTML and plain text, what needs a refill now and
// what is upcoming, each with its run-out date and pharmacy (phone as a tel: link), a link to the
// dashboard, and one-click unsubscribe headers (RFC 8058) plus the same link in the footer.

export interface ReminderEmailInput {
  to: string;
  /** The name to greet (greetingName). */
  name: string | null;
  content: ReminderContent;
  dashboardUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  test?: boolean;
}

/** Who a reminder goes to: the fields of the account it needs. */
export interface ReminderRecipient {
  id: number;
  email: string;
  fullName: string | null;
}

const CONSENT = "You receive this e-mail because you agreed to refill reminders.";
const NOTHING_DUE = "Nothing needs a refill right now.";

/** A tel: link for a phone number with at least one digit; null for text like "call us". */
const telHref = (phone: string) => {
  const digits = phone.replace(/[^0-9+]/g, "");
  return digits.replace(/\D/g, "").length > 0 ? `tel:${digits}` : null;
};

function supplyText(item: ReminderItem): string {
  if (item.pillsLeft <= 0) return "out of pills";
  return `${plural(item.pillsLeft, "pill", "pills")} left, ${plural(Math.floor(item.daysLeft), "day", "days")} of supply`;
}

/** The words both versions share: section titles and the opening line. */
function wording(content: ReminderContent, test: boolean) {
  return {
    nowTitle: `Needs a refill now (within ${plural(content.notificationDays, "day", "days")} of running out)`,
    upcomingTitle: `Upcoming refills (within ${plural(RUNNING_LOW_MAX_DAYS, "day", "days")})`,
    intro: test
      ? "This is a test of your refill reminder e-mail. This is what your medications look like today."
      : "Some of your medications are running out. Here is what to refill and when.",
    nothing: content.immediate.length === 0 && content.upcoming.length === 0,
  };
}

// ---- HTML ----

function Pharmacy({ item }: { item: ReminderItem }) {
  if (!item.pharmacyName) return NO_PHARMACY;
  if (!item.pharmacyPhone) return item.pharmacyName;
  const href = telHref(item.pharmacyPhone);
  if (!href) return `${item.pharmacyName}, ${item.pharmacyPhone}`;
  return (
    <>
      {item.pharmacyName},{" "}
      <a href={href} style={{ color: LINK }}>
        {item.pharmacyPhone}
      </a>
    </>
  );
}

function Item({ item }: { item: ReminderItem }) {
  return (
    <li style={{ margin: "0 0 12px" }}>
      <strong>{item.name}</strong> — {supplyText(item)}
      <br />
      Runs out <strong>{formatDate(item.runOutDate)}</strong>
      <br />
      <span style={{ color: MUTED }}>
        Pharmacy: <Pharmacy item={item} />
      </span>
      {item.prescription && (
        <>
          <br />
          <strong>{item.prescription}</strong>
        </>
      )}
    </li>
  );
}

function Section({ title, items }: { title: string; items: ReminderItem[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2 style={{ fontSize: "16px", margin: "24px 0 8px" }}>{title}</h2>
      <ul style={{ paddingLeft: "20px", margin: "0" }}>
        {items.map((item) => (
          <Item key={item.medicationId} item={item} />
        ))}
      </ul>
    </>
  );
}

function ReminderEmail({ name, content, dashboardUrl, settingsUrl, unsubscribeUrl, test = false }: ReminderEmailInput) {
  const { nowTitle, upcomingTitle, intro, nothing } = wording(content, test);
  const footer = (
    <>
      {CONSENT}{" "}
      <a href={settingsUrl} style={{ color: MUTED }}>
        Change when it arrives
      </a>{" "}
      ·{" "}
      <a href={unsubscribeUrl} style={{ color: MUTED }}>
        Unsubscribe
      </a>
    </>
  );
  return (
    <EmailFrame title={test ? "Test: refill reminder" : "Refill reminder"} footer={footer}>
      <p>{hello(name)}</p>
      <p>{intro}</p>
      <Section title={nowTitle} items={content.immediate} />
      <Section title={upcomingTitle} items={content.upcoming} />
      {nothing && <p>{NOTHING_DUE}</p>}
      <p style={{ marginTop: "24px" }}>
        <a href={dashboardUrl} style={buttonStyle}>
          Open your dashboard
        </a>
      </p>
    </EmailFrame>
  );
}

// ---- Plain text ----

function pharmacyText(item: ReminderItem): string {
  if (!item.pharmacyName) return NO_PHARMACY;
  return item.pharmacyPhone ? `${item.pharmacyName}, ${item.pharmacyPhone}` : item.pharmacyName;
}

const itemText = (item: ReminderItem) =>
  `- ${item.name}: ${supplyText(item)}; runs out ${formatDate(item.runOutDate)}.\n  Pharmacy: ${pharmacyText(item)}${item.prescription ? `\n  ${item.prescription}.` : ""}`;

const sectionText = (title: string, items: ReminderItem[]) => (items.length ? ["", `${title}:`, ...items.map(itemText)] : []);

function reminderText({ name, content, dashboardUrl, settingsUrl, unsubscribeUrl, test = false }: ReminderEmailInput): string {
  const { nowTitle, upcomingTitle, intro, nothing } = wording(content, test);
  return [
    hello(name),
    "",
    intro,
    ...sectionText(nowTitle, content.immediate),
    ...sectionText(upcomingTitle, content.upcoming),
    ...(nothing ? ["", NOTHING_DUE] : []),
    "",
    `Open your dashboard: ${dashboardUrl}`,
    "",
    "--",
    `${CONSENT} Change when it arrives: ${settingsUrl}`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join("\n");
}

// ---- The message ----

export function reminderSubject(content: ReminderContent, test = false): string {
  if (test) return "Test: your medication refill reminder";
  return `Refill reminder: ${plural(content.immediate.length, "medication needs", "medications need")} a refill`;
}

/** The reminder with every link given; reminderMessage builds the links for an account. */
export function reminderEmail(input: ReminderEmailInput): OutgoingEmail {
  const test = input.test ?? false;
  return {
    to: input.to,
    subject: reminderSubject(input.content, test),
    text: reminderText(input),
    html: renderEmail(<ReminderEmail {...input} />),
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    tag: test ? "refill-reminder-test" : "refill-reminder",
  };
}

/**
 * The reminder (or, with `test`, the test e-mail) for one account: greets it by full name (both go
 * only to confirmed addresses: the hourly job reads only those, the test e-mail refuses others), and links the dashboard, the notification settings and a signed unsubscribe link.
 * `baseUrl` is the app's origin without a trailing slash (appUrl in ../mailer).
 */
export function reminderMessage({
  user,
  content,
  baseUrl,
  key,
  test = false,
}: {
  user: ReminderRecipient;
  content: ReminderContent;
  baseUrl: string;
  key: UnsubscribeKey;
  test?: boolean;
}): OutgoingEmail {
  return reminderEmail({
    to: user.email,
    name: greetingName(user.fullName, true),
    content,
    dashboardUrl: `${baseUrl}/`,
    settingsUrl: `${baseUrl}/notifications`,
    unsubscribeUrl: unsubscribeUrl(baseUrl, key, user.id),
    test,
  });
}
