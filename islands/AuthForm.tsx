import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import * as m from "../src/generated/i18n";
import { isolate, Rich } from "../src/i18n/Rich";
import { sitePath } from "../src/shared/site-path";
import type { User } from "../src/shared/user";
import { loginSchema, registerFormSchema } from "../src/shared/auth-schemas";
import { KEEP_SIGNED_IN_DAYS } from "../src/shared/session-lifetimes";
import { supportedLocale } from "../src/shared/locale";
import { apiRequest } from "./lib/api";
import { CheckboxField } from "./lib/CheckboxField";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";

type Tab = "signin" | "register";
const TABS: Array<{ id: Tab; label: () => string }> = [
  { id: "signin", label: () => m.auth_form_sign_in() },
  { id: "register", label: () => m.auth_form_create_account() },
];

/**
 * Where a signed-in visitor goes: `next` (a path on this site, checked by the server and again
 * here by the same rule) with the fragment the sign-in page inherited from the redirect (e.g.
 * /profile#your-data-heading).
 */
const destination = (next: string) => {
  const path = sitePath(next);
  return path === "/" ? "/" : path + location.hash;
};

/** /auth: ARIA tabs for Sign In and Create Account. */

export default function AuthForm({ initialTab = "signin", next = "/" }: { initialTab?: Tab; next?: string }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, register: null });

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    // Two tabs: either arrow goes to the other one, whatever the writing direction.
    const next: Tab = event.key === "Home" ? "signin" : event.key === "End" ? "register" : tab === "signin" ? "register" : "signin";
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="card w-full max-w-md p-6">
      <div role="tablist" aria-label={m.auth_form_tabs_label()} className="mb-6 grid grid-cols-2 rounded-md bg-slate-100 p-1">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            onKeyDown={onTabKey}
            className={`rounded px-3 py-2 text-sm font-medium ${tab === id ? "bg-white text-slate-900 shadow" : "text-slate-700"}`}
          >
            {label()}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "signin" ? <SignInForm next={next} /> : <RegisterForm next={next} />}
      </div>
    </div>
  );
}

/** Whether the page runs as the installed app (its own window, no address bar), not in a browser tab. */
const runsInstalled = () =>
  window.matchMedia?.("(display-mode: standalone)").matches === true || (navigator as { standalone?: boolean }).standalone === true;

// A refusal keeps what was typed: about a field (a username taken) at that field, anything else
// (wrong credentials, too many attempts) in the form's alert as well as in the toast.
function SignInForm({ next }: { next: string }) {
  // Off by default (a shared device must not stay signed in); the installed app is the patient's own
  // phone or computer, so there it starts ticked. Known only in the browser: after hydration.
  const [keep, setKeep] = useState(false);
  useEffect(() => {
    if (runsInstalled()) setKeep(true);
  }, []);
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: (form) => check(loginSchema, readForm(form)),
    async send(data) {
      const user = await apiRequest<User>("POST", "/api/login", data);
      return {
        navigate: destination(next),
        toast: { title: m.auth_form_welcome_back(), description: m.auth_form_logged_in_as({ username: isolate(user.username) }) },
      };
    },
    failureTitle: m.auth_form_login_failed(),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label={m.auth_form_username()} name="username" autoComplete="username" error={errors.username} />
      <Field label={m.auth_form_password()} name="password" type="password" autoComplete="current-password" error={errors.password} />
      <CheckboxField
        name="keepSignedIn"
        checked={keep}
        onChange={(event) => setKeep(event.currentTarget.checked)}
        label={m.auth_form_keep_signed_in()}
        hint={m.auth_form_keep_signed_in_hint(KEEP_SIGNED_IN_DAYS)}
        error={errors.keepSignedIn}
      />
      <div className="text-end">
        <a href="/forgot-password" className="text-sm text-teal-800 underline">
          {m.auth_form_forgot_password()}
        </a>
      </div>
      <FormAlert message={failure} />
      <PendingButton
        className="btn-primary w-full"
        pending={pending}
        label={m.auth_form_sign_in()}
        pendingLabel={m.auth_form_signing_in()}
      />
    </form>
  );
}

function RegisterForm({ next }: { next: string }) {
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: (form) => check(registerFormSchema, readForm(form)),
    async send({ confirmPassword: _removed, ...payload }) {
      // The account starts in this browser's language and time zone (the server ignores what it cannot use).
      await apiRequest<User>("POST", "/api/register", {
        ...payload,
        locale: supportedLocale(navigator.language) ?? undefined,
        timezone: browserTimeZone(),
      });
      return {
        navigate: destination(next),
        toast: { title: m.auth_form_account_created(), description: m.auth_form_account_created_description() },
      };
    },
    failureTitle: m.auth_form_registration_failed(),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label={m.auth_form_username()} name="username" autoComplete="username" error={errors.username} />
      <Field label={m.auth_form_email()} name="email" type="email" autoComplete="email" error={errors.email} />
      <Field label={m.common_full_name()} name="fullName" autoComplete="name" error={errors.fullName} />
      <Field label={m.auth_form_password()} name="password" type="password" autoComplete="new-password" error={errors.password} />
      <Field
        label={m.auth_form_confirm_password()}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="emailConsent" defaultChecked className="mt-0.5 h-4 w-4 accent-teal-700" />
        {m.common_email_consent()}
      </label>
      <CheckboxField
        name="healthDataConsent"
        label={m.common_health_data_consent()}
        hint={<Rich message={m.common_health_data_consent_read} values={{ privacy: <PrivacyLink /> }} />}
        error={errors.healthDataConsent}
      />
      <FormAlert message={failure} />
      <PendingButton
        className="btn-primary w-full"
        pending={pending}
        label={m.auth_form_create_account()}
        pendingLabel={m.auth_form_creating_account()}
      />
    </form>
  );
}

/** The privacy page, in a new tab so what was typed stays. */
function PrivacyLink() {
  return (
    <a href="/privacy" target="_blank" rel="noopener" className="text-teal-800 underline">
      {m.footer_privacy()}
    </a>
  );
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
