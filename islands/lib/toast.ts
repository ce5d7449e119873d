import { toast } from "sonner";

// Toasts that must survive a navigation ride in sessionStorage and show on the next page.
const FLASH_KEY = "refill-tracker:flash";

type Flash = { title: string; description?: string; variant?: "success" | "error" };

export function showSuccess(title: string, description?: string) {
  toast.success(title, { description });
}

export function showError(title: string, description?: string) {
  toast.error(title, { description });
}

/** Navigates to `href` and shows the toast there. */
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
