import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { User } from "../src/auth/session";
import { loginSchema, registerFormSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { Field, Spinner } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { navigateWithToast, showError } from "./lib/toast";

type Tab = "signin" | "register";
const TABS: Array<{ id: Tab; label: string }> = [
  { id: "signin", label: "Sign In" },
  { id: "register", label: "Create Account" },
];

/** /auth: ARIA tabs for Sign In and Create Account. */
export default function AuthForm({ initialTab = "signin" }: { initialTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, register: null });

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const next: Tab = event.key === "Home" ? "signin" : event.key === "End" ? "register" : tab === "signin" ? "register" : "signin";
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="card w-full max-w-md p-6">
      <div role="tablist" aria-label="Account" className="mb-6 grid grid-cols-2 rounded-md bg-slate-100 p-1">
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
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "signin" ? <SignInForm /> : <RegisterForm />}
      </div>
    </div>
  );
}

function SignInForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = check(loginSchema, readForm(event.currentTarget));
    setErrors(errors ?? {});
    if (!data) return;
    setPending(true);
    try {
      const user = await apiRequest<User>("POST", "/api/login", data);
      navigateWithToast("/", { title: "Welcome back!", description: `Logged in as ${user.username}` });
    } catch (err) {
      setPending(false);
      showError("Login failed", errorMessage(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Username" name="username" autoComplete="username" error={errors.username} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
      <div className="text-right">
        <a href="/forgot-password" className="text-sm text-teal-800 underline">
          Forgot password?
        </a>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> Signing in...
          </>
        ) : (
          "Sign In"
        )}
      </button>
    </form>
  );
}

function RegisterForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = check(registerFormSchema, readForm(event.currentTarget));
    setErrors(errors ?? {});
    if (!data) return;
    const { confirmPassword: _removed, ...payload } = data;
    setPending(true);
    try {
      await apiRequest<User>("POST", "/api/register", payload);
      navigateWithToast("/", { title: "Account created", description: "Your account has been created successfully!" });
    } catch (err) {
      setPending(false);
      showError("Registration failed", errorMessage(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Username" name="username" autoComplete="username" error={errors.username} />
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <Field label="Full Name" name="fullName" autoComplete="name" error={errors.fullName} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
      <Field label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="emailConsent" defaultChecked className="mt-0.5 h-4 w-4 accent-teal-700" />
        I agree to receive email notifications about my medication refills
      </label>
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          "Create Account"
        )}
      </button>
    </form>
  );
}
