/**
 * The soft emerald glow at the top of a content page: one decoration for every page, placed as the first
 * child of a `relative isolate` wrapper.
 */
export function PageGlow() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(52,211,153,0.14),transparent_65%)]"
    />
  );
}
