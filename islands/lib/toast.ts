// Toasts load sonner (~10 KB gzip) only when the first toast is shown: most page views show none.
// sonner keeps toasts made before its Toaster subscribes, so the first one is never lost.

type Sonner = typeof import("sonner");
type Flash = { title: string; description?: string; variant?: "success" | "error" };

const FLASH_KEY = "refill-tracker:flash";
let toasterWanted = false;
const toasterListeners = new Set<() => void>();

/** The Toasts island mounts sonner's Toaster once any island asks for a toast. */
export function onToasterWanted(listener: () => void): () => void {
  if (toasterWanted) listener();
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

function withSonner(show: (toast: Sonner["toast"]) => void) {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of toasterListeners) listener();
  }
  void import("sonner").then(({ toast }) => show(toast));
}

/** A toast's button (e.g. 'Undo') with how long it is offered and what happens when the toast goes (sonner's options). */
export type ToastAction = import("sonner").ExternalToast;

export function showSuccess(title: string, description?: string, action?: ToastAction) {
  withSonner((toast) => toast.success(title, { description, ...action }));
}

export function showError(title: string, description?: string) {
  withSonner((toast) => toast.error(title, { description }));
}

/** Navigates to `href` and shows the toast there (it rides in sessionStorage). */
export function navigateWithToast(href: string, flash: Flash) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    /* storage disabled: the toast is lost, the navigation is not */
  }
  location.assign(href);
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return raw ? (JSON.parse(raw) as Flash) : null;
  } catch {
    return null;
  }
}
