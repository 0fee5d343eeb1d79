import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { currentSignalsQueryKey, useCurrentSignals } from "../api/get-current-signals";
import { signalChartsQueryKey } from "../api/get-signal-chart";
import {
  applyNewSignal,
  applySignalUpdate,
  NO_SIGNALS,
  type SignalsByModel,
} from "../utils/signals";

/**
 * The live screen's signals (spec section 4, realtime): GET /api/signals/current on mount, then the
 * signed-in session's socket (the app's one credentialed socket; force-logout is the session's, not this
 * hook's): new-signal replaces a model's signal, signal-update merges into it, token-refreshed and
 * market-day-reset clear every signal (and their charts) and fetch them again, and so does a reconnection
 * (the socket may have missed events while it was away, a day's reset among them).
 */
export function useLiveSignals(socket: Socket | null) {
  const query = useCurrentSignals();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const update = (apply: (signals: SignalsByModel, payload: unknown) => SignalsByModel) => {
      return (payload: unknown) => {
        queryClient.setQueryData<SignalsByModel>(currentSignalsQueryKey, (current) =>
          apply(current ?? NO_SIGNALS, payload),
        );
      };
    };
    const onNewSignal = update(applyNewSignal);
    const onSignalUpdate = update(applySignalUpdate);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: currentSignalsQueryKey });
    const reset = () => {
      queryClient.setQueryData<SignalsByModel>(currentSignalsQueryKey, NO_SIGNALS);
      // The charts go with their signals (their candles are fetched again when a signal is shown).
      queryClient.removeQueries({ queryKey: signalChartsQueryKey });
      refetch();
    };
    // The first connection is the screen's start (the mount's fetch covers it); later ones start again
    // from the server's answer (the socket may have missed events, a day's reset among them).
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) reset();
      connectedBefore = true;
    };
    socket.on(SERVER_EVENTS.newSignal, onNewSignal);
    socket.on(SERVER_EVENTS.signalUpdate, onSignalUpdate);
    socket.on(SERVER_EVENTS.tokenRefreshed, reset);
    socket.on(SERVER_EVENTS.marketDayReset, reset);
    socket.on("connect", onConnect);
    return () => {
      socket.off(SERVER_EVENTS.newSignal, onNewSignal);
      socket.off(SERVER_EVENTS.signalUpdate, onSignalUpdate);
      socket.off(SERVER_EVENTS.tokenRefreshed, reset);
      socket.off(SERVER_EVENTS.marketDayReset, reset);
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);

  return query;
}
