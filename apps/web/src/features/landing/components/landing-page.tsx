import type { SiteInfo } from "@kalpa/contracts/api/site";
import { usePastHalfViewport } from "../hooks/use-past-half-viewport";
import { marketTarget } from "../utils/market-target";
import { CallToAction } from "./call-to-action";
import { FeatureCards } from "./feature-cards";
import { Hero } from "./hero";
import { MarketTicker, type TickerSnapshot } from "./market-ticker";
import { RdaButton } from "./rda-button";
import { RiskDisclosure } from "./risk-disclosure";
import { ServiceCards } from "./service-cards";
import { Slideshow } from "./slideshow";
import { WhyChoose } from "./why-choose";

export interface LandingPageProps {
  /** The browser's hints say someone is signed in (spec: an auth token in local or session storage). */
  isSignedIn: boolean;
  /** The operator's contact details, once /api/site has answered. */
  operator: SiteInfo["operator"] | null;
  /** The home socket's latest snapshots; null until the market feed is connected. */
  snapshots: readonly TickerSnapshot[] | null;
}

/** The landing page at `/` (spec section 2). */
export function LandingPage({ isSignedIn, operator, snapshots }: LandingPageProps) {
  const target = marketTarget(isSignedIn);
  const scrolled = usePastHalfViewport();
  return (
    <div data-scrolled={scrolled} className="overflow-x-clip">
      <Hero target={target} scrolled={scrolled} />
      <MarketTicker snapshots={snapshots} />
      <RiskDisclosure />
      <ServiceCards target={target} />
      <WhyChoose />
      <FeatureCards />
      <Slideshow />
      <CallToAction target={target} />
      <RdaButton operator={operator} />
    </div>
  );
}
