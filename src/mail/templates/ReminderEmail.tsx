import * as m from "../../generated/i18n";
import { noPharmacyText } from "../../domain/dashboard";
import { courseNewsText } from "../../domain/course-text";
import { doseText } from "../../domain/dose-text";
import { unitCountText } from "../../domain/unit-text";
import { runningLowUntil } from "../../domain/medications";
import { formatPhone, phoneLink } from "../../domain/phone";
import { PRESCRIPTION_LEAD_DAYS, prescriptionNoticeText } from "../../domain/prescription";
import { formatDate } from "../../i18n/format";
import { isolate, Rich } from "../../i18n/Rich";
import type { PersonContent, ReminderContent, ReminderItem } from "../../reminders/due";
import { inAccountLocale } from "../locale";
import type { OutgoingEmail } from "../mailer";
import { unsubscribeUrl, type UnsubscribeKey } from "../unsubscribe";
import { controlsAsSpaces } from "../../shared/validation";
import { buttonStyle, EmailFrame, Hello, LINK, listIndent, MUTED, renderEmail } from "./EmailFrame";

/** The error colour (an expired prescription), as on the pages (red-700). */
const ERROR = "#b91c1c";
import { greetingName, hello } from "./greeting";

// The daily refill reminder (and the test e-mail): HTML and plain text, what needs a refill now and
// what is upcoming, each with its run-out date and pharmacy (phone as a tel: link), a link to the
// dashboard, and one-click unsubscribe headers (RFC 8058) plus the same link in the footer.
// Written in the current language; reminderMessage writes it in the account's. User-entered text
// (names, pharmacies, phone numbers) is isolated: <bdi> in the HTML, U+2068…U+2069 in the text.

export interface ReminderEmailInput {
  to: string;
  /** The name to greet (greetingName). */
  name: string | null;
  content: ReminderContent;
  /** The other people the account is reminded of, each under their name after its own part. */
  others?: PersonContent[];
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
  /** The account's saved language (users.locale): null is English; left out, the current language. */
  locale?: string | null;
}

/** '12 puffs left, 14 days of supply': the count in the medication's unit. */
function supplyText(item: ReminderItem): string {
  if (item.pillsRemaining <= 0) return m.mail_reminder_none_left();
  return m.mail_reminder_supply({
    amount: unitCountText(item.unit, item.pillsRemaining),
    count: item.pillsRemaining,
    days: Math.floor(item.daysLeft),
  });
}

/** 'Dose: 6 tablets every 7 days'; 'As needed, about 6 puffs a week' says the days are an estimate. */
const doseLine = (item: ReminderItem, today: string) => m.mail_reminder_dose({ dose: doseText(item.schedule, item.unit, today) });

/** 'Course: Then 2 tablets daily from Nov 30; ends Dec 13', or null when it is not a course with an end. */
const courseLine = (item: ReminderItem, today: string) => {
  const text = courseNewsText(item.course, item.unit, today);
  return text === null ? null : m.mail_reminder_course({ text });
};

/** The words both versions share: section titles and the opening line. */
function wording(content: ReminderContent, test: boolean, others: PersonContent[] = []) {
  return {
    nowTitle: m.mail_reminder_now_title({ days: content.notificationDays }),
    upcomingTitle: m.mail_reminder_upcoming_title({ days: runningLowUntil(content.notificationDays) }),
    prescriptionsTitle: m.mail_reminder_prescriptions_title({ days: PRESCRIPTION_LEAD_DAYS }),
    intro: test ? m.mail_reminder_intro_test() : m.mail_reminder_intro(),
    nothing: [content, ...others.map((p) => p.content)].every(
      (c) => c.immediate.length === 0 && c.upcoming.length === 0 && c.prescriptions.length === 0,
    ),
  };
}

// ---- HTML ----

function Pharmacy({ item }: { item: ReminderItem }) {
  if (!item.pharmacyName) return noPharmacyText();
  const name = <bdi>{item.pharmacyName}</bdi>;
  if (!item.pharmacyPhone) return name;
  // Formatted as on every page, linked as E.164, left to right even in Arabic.
  const href = phoneLink(item.pharmacyPhone);
  const number = <bdi dir="ltr">{formatPhone(item.pharmacyPhone)}</bdi>;
  const phone = href ? (
    <a href={href} style={{ color: LINK }}>
      {number}
    </a>
  ) : (
    number
  );
  return <Rich message={m.mail_reminder_pharmacy_phone} values={{ pharmacy: name, phone }} />;
}

function Item({ item, today }: { item: ReminderItem; today: string }) {
  return (
    <li style={{ margin: "0 0 12px" }}>
      <strong>
        <bdi>{item.name}</bdi>
      </strong>{" "}
      — {supplyText(item)}
      <br />
      <Rich message={m.mail_reminder_runs_out} values={{ date: <strong>{formatDate(item.runsOutOn)}</strong> }} />
      <br />
      <span style={{ color: MUTED }}>{doseLine(item, today)}</span>
      <br />
      {courseLine(item, today) && (
        <>
          <span style={{ color: MUTED }}>{courseLine(item, today)}</span>
          <br />
        </>
      )}
      <span style={{ color: MUTED }}>
        <Rich message={m.mail_reminder_pharmacy} values={{ pharmacy: <Pharmacy item={item} /> }} />
      </span>
      {item.prescription && (
        <>
          <br />
          <strong style={item.prescription.kind === "expired" ? { color: ERROR } : undefined}>
            {prescriptionNoticeText(item.prescription)}
          </strong>
        </>
      )}
    </li>
  );
}

function Section({ title, items, today }: { title: string; items: ReminderItem[]; today: string }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2 style={{ fontSize: "16px", margin: "24px 0 8px" }}>{title}</h2>
      <ul style={{ ...listIndent("20px"), margin: "0" }}>
        {items.map((item) => (
          <Item key={item.medicationId} item={item} today={today} />
        ))}
      </ul>
    </>
  );
}

/** One person's three sections (the titles are worded on the account's notificationDays, the same for every person). */
function Sections({ content, titles }: { content: ReminderContent; titles: ReturnType<typeof wording> }) {
  return (
    <>
      <Section title={titles.nowTitle} items={content.immediate} today={content.today} />
      <Section title={titles.upcomingTitle} items={content.upcoming} today={content.today} />
      <Section title={titles.prescriptionsTitle} items={content.prescriptions} today={content.today} />
    </>
  );
}

function ReminderEmail({ name, content, others = [], dashboardUrl, settingsUrl, unsubscribeUrl, test = false }: ReminderEmailInput) {
  const titles = wording(content, test, others);
  const { intro, nothing } = titles;
  const footer = (
    <>
      {m.mail_reminder_consent()}{" "}
      <a href={settingsUrl} style={{ color: MUTED }}>
        {m.mail_reminder_change_time()}
      </a>{" "}
      ·{" "}
      <a href={unsubscribeUrl} style={{ color: MUTED }}>
        {m.mail_reminder_unsubscribe()}
      </a>
    </>
  );
  return (
    <EmailFrame title={test ? m.mail_reminder_title_test() : m.mail_reminder_title()} footer={footer}>
      <Hello name={name} />
      <p>{intro}</p>
      <Sections content={content} titles={titles} />
      {others.map((person) => (
        <div key={person.personId}>
          <h2 style={{ fontSize: "18px", margin: "32px 0 0", borderTop: `1px solid ${MUTED}`, paddingTop: "16px" }}>
            <bdi>{person.name}</bdi>
          </h2>
          <Sections content={person.content} titles={titles} />
        </div>
      ))}
      {nothing && <p>{m.mail_reminder_nothing_due()}</p>}
      <p style={{ marginTop: "24px" }}>
        <a href={dashboardUrl} style={buttonStyle}>
          {m.mail_reminder_dashboard_button()}
        </a>
      </p>
    </EmailFrame>
  );
}

// ---- Plain text ----

// Names stored before they refused control characters would add lines to the message
// or drive a terminal: here each run of them is a space.
function pharmacyText(item: ReminderItem): string {
  if (!item.pharmacyName) return noPharmacyText();
  const name = isolate(controlsAsSpaces(item.pharmacyName));
  return item.pharmacyPhone
    ? m.mail_reminder_pharmacy_phone({ pharmacy: name, phone: isolate(controlsAsSpaces(formatPhone(item.pharmacyPhone))) })
    : name;
}

function itemText(item: ReminderItem, today: string): string {
  const line = m.mail_reminder_item({
    name: isolate(controlsAsSpaces(item.name)),
    supply: supplyText(item),
    date: formatDate(item.runsOutOn),
  });
  const prescription = item.prescription ? `\n  ${prescriptionNoticeText(item.prescription)}.` : "";
  const course = courseLine(item, today);
  return `- ${line}\n  ${doseLine(item, today)}\n  ${course === null ? "" : `${course}\n  `}${m.mail_reminder_pharmacy({ pharmacy: pharmacyText(item) })}${prescription}`;
}

const sectionText = (title: string, items: ReminderItem[], today: string) =>
  items.length ? ["", `${title}:`, ...items.map((item) => itemText(item, today))] : [];

function reminderText({ name, content, others = [], dashboardUrl, settingsUrl, unsubscribeUrl, test = false }: ReminderEmailInput): string {
  const { nowTitle, upcomingTitle, prescriptionsTitle, intro, nothing } = wording(content, test, others);
  const sections = (c: ReminderContent) => [
    ...sectionText(nowTitle, c.immediate, c.today),
    ...sectionText(upcomingTitle, c.upcoming, c.today),
    ...sectionText(prescriptionsTitle, c.prescriptions, c.today),
  ];
  // Each other person under their name, underlined so the heading stands out in plain text.
  const personText = (p: PersonContent) => {
    const heading = isolate(controlsAsSpaces(p.name));
    return ["", "", heading, "=".repeat(Math.max(3, Math.min(40, p.name.length))), ...sections(p.content)];
  };
  return [
    hello(name),
    "",
    intro,
    ...sections(content),
    ...others.flatMap(personText),
    ...(nothing ? ["", m.mail_reminder_nothing_due()] : []),
    "",
    m.mail_reminder_dashboard_link({ url: dashboardUrl }),
    "",
    "--",
    `${m.mail_reminder_consent()} ${m.mail_reminder_change_time_link({ url: settingsUrl })}`,
    m.mail_reminder_unsubscribe_link({ url: unsubscribeUrl }),
  ].join("\n");
}

// ---- The message ----

export function reminderSubject(content: ReminderContent, test = false, others: PersonContent[] = []): string {
  if (test) return m.mail_reminder_subject_test();
  const count = content.immediate.length + others.reduce((n, p) => n + p.content.immediate.length, 0);
  // Sent for a prescription alone: the subject says so rather than '0 medications need a refill'.
  if (count === 0) return m.mail_reminder_subject_prescriptions();
  return m.mail_reminder_subject({ count });
}

/** The reminder with every link given, in the current language; reminderMessage builds the links for an account. */
export function reminderEmail(input: ReminderEmailInput): OutgoingEmail {
  const test = input.test ?? false;
  return {
    to: input.to,
    subject: reminderSubject(input.content, test, input.others),
    text: reminderText(input),
    html: renderEmail(<ReminderEmail {...input} />),
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    tag: test ? "refill-reminder-test" : "refill-reminder",
  };
}

/**
 * The reminder (or, with `test`, the test e-mail) for one account, in its saved language (when
 * `user.locale` is given; otherwise the current one): greets it by full name (both go only to
 * confirmed addresses: the hourly job reads only those, the test e-mail refuses others), and links
 * the dashboard, the notification settings and a signed unsubscribe link. `baseUrl` is the app's
 * origin without a trailing slash (appUrl in ../mailer).
 */
export function reminderMessage({
  user,
  content,
  others = [],
  baseUrl,
  key,
  test = false,
}: {
  user: ReminderRecipient;
  content: ReminderContent;
  others?: PersonContent[];
  baseUrl: string;
  key: UnsubscribeKey;
  test?: boolean;
}): OutgoingEmail {
  const write = () =>
    reminderEmail({
      to: user.email,
      name: greetingName(user.fullName, true),
      content,
      others,
      dashboardUrl: `${baseUrl}/`,
      settingsUrl: `${baseUrl}/notifications`,
      unsubscribeUrl: unsubscribeUrl(baseUrl, key, user.id),
      test,
    });
  return user.locale === undefined ? write() : inAccountLocale(user.locale, write);
}
