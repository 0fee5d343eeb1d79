import type { SiteInfo } from "@kalpa/contracts/api/site";
import type { ReactNode } from "react";
import { usePastHalfViewport } from "../hooks/use-past-half-viewport";
import { marketTarget } from "../utils/market-target";
import { CallToAction } from "./call-to-action";
import { FeatureCards } from "./feature-cards";
import { Hero } from "./hero";
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
  /**
   * The live ticker (MarketTicker with its data), composed by the route, so that its price updates re-render
   * the ticker alone.
   */
  ticker: ReactNode;
}

/** The landing page at `/` (spec section 2). */
export function LandingPage({ isSignedIn, operator, ticker }: LandingPageProps) {
  const target = marketTarget(isSignedIn);
  const scrolled = usePastHalfViewport();
  return (
    <div data-scrolled={scrolled} className="overflow-x-clip">
      <Hero target={target} scrolled={scrolled} />
      {ticker}
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
