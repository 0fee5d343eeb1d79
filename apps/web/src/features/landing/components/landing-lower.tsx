import type { MarketTarget } from "../utils/market-target";
import { CallToAction } from "./call-to-action";
import { FeatureCards } from "./feature-cards";
import { Slideshow } from "./slideshow";
import { WhyChoose } from "./why-choose";

/**
 * The landing page's sections below the services: loaded once the page has loaded (landing-page.tsx), so
 * the first screen's code downloads first.
 */
export function LandingLower({ target }: { target: MarketTarget }) {
  return (
    <>
      <WhyChoose />
      <FeatureCards />
      <Slideshow />
      <CallToAction target={target} />
    </>
  );
}
