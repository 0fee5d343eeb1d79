import * as z from "zod/mini";
import { FeedKindSchema } from "./market";

// zod/mini: the site's brand and contact are on every first page (see envelope.ts).

/** What the browser needs to show the brand and the operator's contact details. */
export const SiteInfoSchema = z.object({
  brandName: z.string(),
  operator: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Messaging-app number in international form without "+", e.g. 919876543210. */
    whatsapp: z.string(),
  }),
  /**
   * Where the prices come from (MARKET_FEED): the simulator, a replay of recorded bars, or a broker's live
   * feed. The disclaimers say which, rather than always "simulated".
   */
  feed: FeedKindSchema,
  /**
   * Each exchange's regular hours in force today (India date), "HH:MM" India time: dated facts that move
   * with the exchanges' circulars (NSE closes at 15:40 since 3 Aug 2026; MCX at 23:30 or 23:55 by the US
   * clock change), so the footer shows the day's hours and not a printed constant (decision 025).
   */
  tradingHours: z.object({
    NSE: z.object({ open: z.string(), close: z.string() }),
    MCX: z.object({ open: z.string(), close: z.string() }),
  }),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const siteInfoEndpoint = {
  method: "GET",
  path: "/api/site",
  response: SiteInfoSchema,
} as const;
