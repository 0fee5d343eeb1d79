import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { lazy, Suspense } from "react";
import { loadSonner, useToastsLoaded } from "@/lib/notify";

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Where toasts appear; renders nothing until the first message has loaded the toast library. */
export function ToastHost() {
  if (!useToastsLoaded()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={TIMINGS_MS.toastDefault} theme="dark" closeButton />
    </Suspense>
  );
}
