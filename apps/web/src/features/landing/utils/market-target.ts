/**
 * Where "Enter the Market" and the call to action lead (spec section 2): to choosing a service when the
 * browser's hints say someone is signed in, else to sign in first.
 */
export type MarketTarget = "/trading-services" | "/login";

export function marketTarget(isSignedIn: boolean): MarketTarget {
  return isSignedIn ? "/trading-services" : "/login";
}
