/**
 * Classic floor-trader pivots from the previous session's high, low and close:
 *
 *   P  = (H + L + C) / 3
 *   R1 = 2P − L        S1 = 2P − H
 *   R2 = P + (H − L)   S2 = P − (H − L)
 *   R3 = H + 2(P − L)  S3 = L − 2(H − P)
 */
import type { PriceBar } from "./atr";

export interface FloorPivots {
  readonly pivot: number;
  readonly r1: number;
  readonly r2: number;
  readonly r3: number;
  readonly s1: number;
  readonly s2: number;
  readonly s3: number;
}

/** The pivots for a session from the session before it (its daily bar). */
export function floorPivots(previous: PriceBar): FloorPivots {
  const { high, low, close } = previous;
  const pivot = (high + low + close) / 3;
  const range = high - low;
  return {
    pivot,
    r1: 2 * pivot - low,
    r2: pivot + range,
    r3: high + 2 * (pivot - low),
    s1: 2 * pivot - high,
    s2: pivot - range,
    s3: low - 2 * (high - pivot),
  };
}
