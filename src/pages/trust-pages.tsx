import { Hono } from "hono";
import type { ReactNode } from "react";
import { RESET_TOKEN_TTL } from "../api/account";
import { CONFIRMATION_TTL } from "../auth/email-confirmation";
import { KEPT_SESSION_IDLE_TIMEOUT, KEPT_SESSION_MAX_AGE, SESSION_IDLE_TIMEOUT, SESSION_MAX_AGE } from "../auth/session";
import { WINDOW_MS } from "../auth/throttle";
import { Article, ArticleSection, Bullets, TextLink } from "../components/Article";
import type { AppEnv, Env } from "../env";
import * as m from "../generated/i18n";
import { isLocal } from "../env";
import { formatDate } from "../i18n/format";
import { Rich } from "../i18n/Rich";
import { ACTIVITY_RETENTION } from "../data/activity";
import { MISSED_DOSE_CLAIM_RETENTION } from "../data/missed-dose";
import { DOSE_PUSH_CLAIM_RETENTION, INVITE_RETENTION, REMINDER_LOG_RETENTION } from "../data/prune";
import { PRIVACY_VERSION } from "./privacy-version";

// The footer's pages: privacy, terms and support. The same for everyone, signed in or not: they read
// nothing from the database. The numbers on the privacy page come from the code that enforces them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// How long a shared person's activity record is kept: what the hourly prune deletes after.
const ACTIVITY_RETENTION_YEARS = Math.round(ACTIVITY_RETENTION / (365 * DAY));

/** Where the Your data section (export, delete) is. */
export const YOUR_DATA_LINK = "/profile#your-data-heading";

/** The address /support shows: the setting, else a local one in development and the tests; none in production. */
export function supportEmail(env: Env): string | null {
  const configured = env.SUPPORT_EMAIL?.trim();
  if (configured) return configured;
  return isLocal(env) ? "support@localhost" : null;
}

function Privacy({ region }: { region: string | undefined }) {
  const section = m.page_your_data_heading();
  const notifications = <TextLink href="/notifications">{m.page_notifications_title()}</TextLink>;
  return (
    <Article heading={m.footer_privacy()} intro={m.trust_privacy_intro()}>
      <ArticleSection id="consent-heading" heading={m.trust_privacy_consent_heading()}>
        <p>{m.trust_privacy_consent_text()}</p>
        <p>{m.trust_privacy_consent_withdraw({ page: m.page_notifications_title() })}</p>
        <p>{m.trust_privacy_version({ date: formatDate(PRIVACY_VERSION) })}</p>
      </ArticleSection>
      <ArticleSection id="stored-heading" heading={m.trust_privacy_stored_heading()}>
        <Bullets
          items={[
            m.trust_privacy_stored_account(),
            m.trust_privacy_stored_medications(),
            m.trust_privacy_stored_doses(),
            m.trust_privacy_stored_people({ days: INVITE_RETENTION / DAY }),
            m.trust_privacy_stored_settings(),
            m.trust_privacy_stored_reminders(),
            m.trust_privacy_stored_delivery(),
            m.trust_privacy_stored_devices(),
            m.trust_privacy_stored_push(),
            m.trust_privacy_stored_dose_pushes({ days: DOSE_PUSH_CLAIM_RETENTION / DAY }),
            m.trust_privacy_stored_missed_doses({ days: MISSED_DOSE_CLAIM_RETENTION / DAY }),
          ]}
        />
      </ArticleSection>
      <ArticleSection id="not-stored-heading" heading={m.trust_privacy_not_stored_heading()}>
        <Bullets
          items={[
            m.trust_privacy_not_password(),
            m.trust_privacy_not_secrets(),
            m.trust_privacy_not_tracking(),
            m.trust_privacy_not_location(),
          ]}
        />
      </ArticleSection>
      <ArticleSection id="where-heading" heading={m.trust_privacy_where_heading()}>
        <p>
          <Rich message={m.trust_privacy_where_text} values={{ region: region ? <bdi>{region}</bdi> : m.trust_privacy_region_unset() }} />
        </p>
        <p>{m.trust_privacy_where_device()}</p>
      </ArticleSection>
      <ArticleSection id="who-heading" heading={m.trust_privacy_who_heading()}>
        <Bullets
          items={[
            m.trust_privacy_who_you(),
            m.trust_privacy_who_operator(),
            m.trust_privacy_who_email(),
            <Rich key="push" message={m.trust_privacy_who_push} values={{ page: notifications }} />,
            <Rich key="calendar" message={m.trust_privacy_who_calendar} values={{ page: notifications }} />,
          ]}
        />
      </ArticleSection>
      <ArticleSection id="sharing-heading" heading={m.trust_privacy_sharing_heading()}>
        <p>{m.trust_privacy_sharing_text()}</p>
        <Bullets
          items={[
            m.trust_privacy_role_viewer(),
            m.trust_privacy_role_helper(),
            m.trust_privacy_role_manager(),
            m.trust_privacy_role_owner(),
          ]}
        />
        <p>{m.trust_privacy_sharing_activity({ years: ACTIVITY_RETENTION_YEARS })}</p>
        <p>{m.trust_privacy_sharing_invites()}</p>
        <p>{m.trust_privacy_sharing_deletion()}</p>
        <p>{m.trust_privacy_sharing_export()}</p>
        <p>{m.trust_privacy_sharing_calendar()}</p>
        <p>{m.trust_privacy_sharing_zone()}</p>
      </ArticleSection>
      <ArticleSection id="kept-heading" heading={m.trust_privacy_kept_heading()}>
        <Bullets
          items={[
            m.trust_privacy_kept_account(),
            m.trust_privacy_kept_reminders({ days: REMINDER_LOG_RETENTION / DAY }),
            m.trust_privacy_kept_sessions({ idle: SESSION_IDLE_TIMEOUT / DAY, max: SESSION_MAX_AGE / DAY }),
            m.trust_privacy_kept_sessions_kept({ idle: KEPT_SESSION_IDLE_TIMEOUT / DAY, max: KEPT_SESSION_MAX_AGE / DAY }),
            m.trust_privacy_kept_links({ reset: RESET_TOKEN_TTL / HOUR, confirm: CONFIRMATION_TTL / HOUR }),
            m.trust_privacy_kept_attempts({ minutes: WINDOW_MS / MINUTE }),
            m.trust_privacy_kept_logs(),
          ]}
        />
        <p>{m.trust_privacy_kept_deleted()}</p>
      </ArticleSection>
      <ArticleSection id="control-heading" heading={m.trust_privacy_control_heading()}>
        <p>{m.trust_privacy_control_text({ page: m.page_profile_title(), section })}</p>
        <p>
          <a href={YOUR_DATA_LINK} className="btn-secondary w-full sm:w-auto">
            {m.trust_privacy_control_link({ section })}
          </a>
        </p>
      </ArticleSection>
    </Article>
  );
}

function Terms() {
  return (
    <Article heading={m.footer_terms()} intro={m.trust_terms_intro()}>
      <ArticleSection id="medical-heading" heading={m.trust_terms_medical_heading()}>
        <p>{m.trust_terms_medical_text()}</p>
        <p className="font-semibold">{m.trust_terms_emergency()}</p>
      </ArticleSection>
      <ArticleSection id="reminders-heading" heading={m.trust_terms_reminders_heading()}>
        <p>{m.trust_terms_reminders_text()}</p>
      </ArticleSection>
      <ArticleSection id="account-heading" heading={m.trust_terms_account_heading()}>
        <p>{m.trust_terms_account_text()}</p>
      </ArticleSection>
      <ArticleSection id="service-heading" heading={m.trust_terms_service_heading()}>
        <p>{m.trust_terms_service_text()}</p>
        <p>
          <Rich message={m.trust_terms_questions} values={{ link: <TextLink href="/support">{m.footer_support()}</TextLink> }} />
        </p>
      </ArticleSection>
    </Article>
  );
}

function Question({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {question}
      </h3>
      <p>{children}</p>
    </section>
  );
}

function Support({ email }: { email: string | null }) {
  const profile = <TextLink href="/profile">{m.page_profile_title()}</TextLink>;
  const notifications = <TextLink href="/notifications">{m.page_notifications_title()}</TextLink>;
  return (
    <Article heading={m.footer_support()} intro={m.trust_support_intro()}>
      <ArticleSection id="contact-heading" heading={m.trust_support_contact_heading()}>
        <p>
          {email ? (
            <Rich
              message={m.trust_support_contact_text}
              values={{
                email: (
                  <TextLink href={`mailto:${email}`}>
                    <bdi>{email}</bdi>
                  </TextLink>
                ),
              }}
            />
          ) : (
            m.trust_support_contact_unset()
          )}
        </p>
      </ArticleSection>
      <ArticleSection id="questions-heading" heading={m.trust_support_faq_heading()}>
        <div className="space-y-6">
          <Question id="q-no-email" question={m.trust_support_q_no_email()}>
            <Rich
              message={m.trust_support_a_no_email}
              values={{
                resend: <strong>{m.common_resend_email()}</strong>,
                notifications,
                sent: <strong>{m.reminders_sent_heading()}</strong>,
                profile,
                again: <strong>{m.banner_reminders_on_again()}</strong>,
                button: <strong>{m.profile_test_email()}</strong>,
              }}
            />
          </Question>
          <Question id="q-count" question={m.trust_support_q_count()}>
            <Rich
              message={m.trust_support_a_count}
              values={{
                edit: <strong>{m.common_edit()}</strong>,
                remaining: <strong>{m.medication_form_pills_remaining({ unit: "tablet" })}</strong>,
                undo: <strong>{m.undo_label()}</strong>,
                history: <strong>{m.history_heading()}</strong>,
                dose: <strong>{m.medication_form_dose_label({ unit: "tablet", per: "day" })}</strong>,
                often: <strong>{m.medication_form_how_often()}</strong>,
              }}
            />
          </Question>
          <Question id="q-timezone" question={m.trust_support_q_timezone()}>
            <Rich
              message={m.trust_support_a_timezone}
              values={{
                page: notifications,
                field: <strong>{m.notifications_timezone()}</strong>,
                save: <strong>{m.notifications_save()}</strong>,
              }}
            />
          </Question>
          <Question id="q-delete" question={m.trust_support_q_delete()}>
            <Rich
              message={m.trust_support_a_delete}
              values={{
                page: m.page_profile_title(),
                section: <TextLink href={YOUR_DATA_LINK}>{m.page_your_data_heading()}</TextLink>,
                button: <strong>{m.data_delete_account()}</strong>,
              }}
            />
          </Question>
          <Question id="q-install" question={m.trust_support_q_install()}>
            {m.trust_support_a_install()}
          </Question>
        </div>
      </ArticleSection>
    </Article>
  );
}

export const trustPages = new Hono<AppEnv>()
  .get("/privacy", (c) => c.render(<Privacy region={c.env.DATABASE_REGION?.trim() || undefined} />, { title: m.footer_privacy() }))
  .get("/terms", (c) => c.render(<Terms />, { title: m.footer_terms() }))
  .get("/support", (c) => c.render(<Support email={supportEmail(c.env)} />, { title: m.footer_support() }));
