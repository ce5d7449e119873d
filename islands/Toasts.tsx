import { useEffect, useState } from "react";
import { Toaster, toast } from "sonner";
import { takeFlash } from "./lib/toast";

/** One toast at a time: top on small screens, bottom right on larger ones, at most 420 px wide. */
export default function Toasts() {
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const query = matchMedia("(min-width: 640px)");
    setWide(query.matches);
    const onChange = () => setWide(query.matches);
    query.addEventListener("change", onChange);
    const flash = takeFlash();
    if (flash) (flash.variant === "error" ? toast.error : toast.success)(flash.title, { description: flash.description });
    return () => query.removeEventListener("change", onChange);
  }, []);
  return (
    <Toaster
      position={wide ? "bottom-right" : "top-center"}
      visibleToasts={1}
      richColors
      closeButton
      toastOptions={{ style: { maxWidth: 420 } }}
    />
  );
}
