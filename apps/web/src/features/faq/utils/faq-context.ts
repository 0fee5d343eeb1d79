import { createContext } from "react";

export interface FaqControls {
  /** Opens the FAQ modal over the current page. */
  openFaq: () => void;
}

export const FaqContext = createContext<FaqControls | null>(null);
