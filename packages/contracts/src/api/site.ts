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
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const siteInfoEndpoint = {
  method: "GET",
  path: "/api/site",
  response: SiteInfoSchema,
} as const;
