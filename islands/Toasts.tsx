import { useEffect, useState, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import * as m from "../src/generated/i18n";
import { onToasterWanted, showError, showSuccess, takeFlash } from "./lib/toast";

/** Sonner's own gap from the screen's edge, and between the page's header and a toast under it. */
const EDGE = 16;
const UNDER_HEADER = 8;

/**
 * One toast at a time: top on small screens, bottom end (right, or left in a right-to-left page) on
 * larger ones, at most 420 px wide. At the top it sits below the page's header, which it would
 * otherwise cover (the app's name, the bell and the account menu right after signing up).
 * sonner's Toaster is loaded only when a toast is wanted (see lib/toast.ts).
 */
export default function Toasts() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const [wide, setWide] = useState(true);
  const [rtl, setRtl] = useState(false);
  const [top, setTop] = useState(EDGE);

  useEffect(() => {
    const query = matchMedia("(min-width: 640px)");
    setWide(query.matches);
    setRtl(document.documentElement.dir === "rtl");
    const header = document.querySelector("header");
    if (header) setTop(header.offsetTop + header.offsetHeight + UNDER_HEADER);
    const onChange = () => setWide(query.matches);
    query.addEventListener("change", onChange);
    const stopListening = onToasterWanted(() => void import("sonner").then((sonner) => setToaster(() => sonner.Toaster)));
    const flash = takeFlash();
    if (flash) (flash.variant === "error" ? showError : showSuccess)(flash.title, flash.description);
    return () => {
      query.removeEventListener("change", onChange);
      stopListening();
    };
  }, []);

  if (!Toaster) return null;
  return (
    <Toaster
      position={wide ? (rtl ? "bottom-left" : "bottom-right") : "top-center"}
      // Sonner's phone layout starts below 600 px, ours below 640: both keep the top clear of the header.
      mobileOffset={{ top }}
      offset={wide ? undefined : { top }}
      dir={rtl ? "rtl" : "ltr"}
      visibleToasts={1}
      richColors
      closeButton
      containerAriaLabel={m.toast_region_label()}
      toastOptions={{ style: { maxWidth: 420 }, closeButtonAriaLabel: m.toast_close() }}
    />
  );
}
