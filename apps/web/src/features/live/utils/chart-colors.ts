/**
 * The live charts' colours, from the design system's palette (index.css: ink, the emerald accent; rose and
 * amber as the signal card uses them). The canvas cannot read Tailwind classes, so the values are here.
 * The site has one, dark, theme.
 */
export const CHART_COLORS = {
  text: "#9aa7c4", // ink-300
  grid: "rgba(154, 167, 196, 0.08)",
  border: "#26324d", // ink-700
  up: "#34d399", // accent-400
  down: "#fb7185", // rose-400
  /** Initiated Zone (entry): sky, as the card's "Waiting for entry". */
  entry: "#7dd3fc", // sky-300
  /** Projected Zone (target). */
  target: "#34d399", // accent-400
  /** Risk Marker (stop loss). */
  stop: "#fb7185", // rose-400
  /** The entry and exit marks. */
  fill: "#fcd34d", // amber-300
} as const;
