import type { SiteInfo } from "@kalpa/contracts/api/site";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { useEntered } from "@/hooks/use-entered";
import { usePageLoaded } from "@/hooks/use-page-loaded";
import { preloadable } from "@/lib/preloadable";
import { usePastHalfViewport } from "../hooks/use-past-half-viewport";
import { type MarketTarget, marketTarget } from "../utils/market-target";
import { Hero } from "./hero";
import { RdaButton } from "./rda-button";
import { RiskDisclosure } from "./risk-disclosure";
import { ServiceCards } from "./service-cards";

const lower = preloadable(() => import("./landing-lower").then((module) => module.LandingLower));
type LowerComponent = ReturnType<typeof lower.loaded>;

/**
 * Why-choose, features, slideshow and call to action: far below the first screen, so their code loads after
 * the page has, and once the visitor has entered (the consent gate covers the page until then). Their
 * place is held until then (below the fold, so nothing visible moves). Loaded with state rather than
 * Suspense: React holds a Suspense reveal back on a timer, which a paused test clock would never let fire.
 */
function LowerSections({ target }: { target: MarketTarget }) {
  const pageLoaded = usePageLoaded();
  const entered = useEntered();
  const [Lower, setLower] = useState<LowerComponent>(lower.loaded);
  useEffect(() => {
    if (Lower || !pageLoaded || !entered) return;
    let active = true;
    lower.preload().then(
      (component) => {
        // A transition: React renders the sections in slices, so a tap is never kept waiting behind them.
        if (active) startTransition(() => setLower(() => component));
      },
      (error: unknown) => console.warn("[landing] the lower sections did not load", error),
    );
    return () => {
      active = false;
    };
  }, [Lower, pageLoaded, entered]);
  return Lower ? <Lower target={target} /> : <div aria-hidden="true" className="min-h-[150vh]" />;
}

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
      <LowerSections target={target} />
      <RdaButton operator={operator} />
    </div>
  );
}
