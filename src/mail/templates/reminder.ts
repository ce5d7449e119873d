import type { ReminderContent, ReminderItem } from "../../reminders/due";
import type { OutgoingEmail } from "../mailer";
import { emailFrame, escapeHtml } from "./html";

// The daily refill reminder (and the test e-mail): HTML and plain text, what needs a refill now and
// what is upcoming, each with its run-out date and pharmacy (phone as a tel: link), a link to the
// dashboard, and one-click unsubscribe headers (RFC 8058) plus the same link in the footer.

export interface ReminderEmailInput {
  to: string;
  name: string;
  content: ReminderContent;
  dashboardUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  test?: boolean;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'YYYY-MM-DD' → 'Jan 5, 2025' (the spec's date display). */
export function formatDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const telHref = (phone: string) => {
  const digits = phone.replace(/[^0-9+]/g, "");
  return digits.replace(/\D/g, "").length > 0 ? `tel:${digits}` : null;
};

function supplyText(item: ReminderItem): string {
  if (item.pillsLeft <= 0) return "out of pills";
  return `${plural(item.pillsLeft, "pill", "pills")} left, ${plural(Math.floor(item.daysLeft), "day", "days")} of supply`;
}

function pharmacyText(item: ReminderItem): string {
  if (!item.pharmacyName) return "No pharmacy assigned";
  return item.pharmacyPhone ? `${item.pharmacyName}, ${item.pharmacyPhone}` : item.pharmacyName;
}

function textLines(item: ReminderItem): string {
  return `- ${item.name}: ${supplyText(item)}; runs out ${formatDate(item.runOutDate)}.\n  Pharmacy: ${pharmacyText(item)}`;
}

function htmlItem(item: ReminderItem): string {
  let pharmacy = "No pharmacy assigned";
  if (item.pharmacyName) {
    const href = item.pharmacyPhone ? telHref(item.pharmacyPhone) : null;
    const phone = item.pharmacyPhone
      ? href
        ? `, <a href="${escapeHtml(href)}" style="color:#0f766e">${escapeHtml(item.pharmacyPhone)}</a>`
        : `, ${escapeHtml(item.pharmacyPhone)}`
      : "";
    pharmacy = `${escapeHtml(item.pharmacyName)}${phone}`;
  }
  return `<li style="margin:0 0 12px">
<strong>${escapeHtml(item.name)}</strong> — ${escapeHtml(supplyText(item))}<br>
Runs out <strong>${escapeHtml(formatDate(item.runOutDate))}</strong><br>
<span style="color:#475569">Pharmacy: ${pharmacy}</span>
</li>`;
}

function htmlSection(title: string, items: ReminderItem[]): string {
  if (items.length === 0) return "";
  return `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(title)}</h2>
<ul style="padding-left:20px;margin:0">${items.map(htmlItem).join("\n")}</ul>`;
}

export function reminderSubject(content: ReminderContent, test = false): string {
  if (test) return "Test: your medication refill reminder";
  return `Refill reminder: ${plural(content.immediate.length, "medication needs", "medications need")} a refill`;
}

export function reminderEmail(input: ReminderEmailInput): OutgoingEmail {
  const { content, test = false } = input;
  const nowTitle = `Needs a refill now (within ${plural(content.notificationDays, "day", "days")} of running out)`;
  const upcomingTitle = "Upcoming refills (within 15 days)";
  const nothing = content.immediate.length === 0 && content.upcoming.length === 0;
  const intro = test
    ? "This is a test of your refill reminder e-mail. This is what your medications look like today."
    : "Some of your medications are running out. Here is what to refill and when.";

  const text = [
    `Hello ${input.name},`,
    "",
    intro,
    ...(content.immediate.length ? ["", `${nowTitle}:`, ...content.immediate.map(textLines)] : []),
    ...(content.upcoming.length ? ["", `${upcomingTitle}:`, ...content.upcoming.map(textLines)] : []),
    ...(nothing ? ["", "Nothing needs a refill right now."] : []),
    "",
    `Open your dashboard: ${input.dashboardUrl}`,
    "",
    "--",
    `You receive this e-mail because you agreed to refill reminders. Change when it arrives: ${input.settingsUrl}`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join("\n");

  const body = `<p>Hello ${escapeHtml(input.name)},</p>
<p>${escapeHtml(intro)}</p>
${htmlSection(nowTitle, content.immediate)}
${htmlSection(upcomingTitle, content.upcoming)}
${nothing ? "<p>Nothing needs a refill right now.</p>" : ""}
<p style="margin-top:24px"><a href="${escapeHtml(input.dashboardUrl)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your dashboard</a></p>`;
  const footer = `You receive this e-mail because you agreed to refill reminders.
<a href="${escapeHtml(input.settingsUrl)}" style="color:#475569">Change when it arrives</a> ·
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#475569">Unsubscribe</a>`;

  return {
    to: input.to,
    subject: reminderSubject(content, test),
    text,
    html: emailFrame(test ? "Test: refill reminder" : "Refill reminder", body, footer),
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    tag: test ? "refill-reminder-test" : "refill-reminder",
  };
}
