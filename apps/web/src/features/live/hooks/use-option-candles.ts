import type { SignalChart, SignalWire } from "@kalpa/contracts/signals";
import { SignalUpdatePayloadSchema } from "@kalpa/contracts/signals";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { signalChartQueryKey, useSignalChart } from "../api/get-signal-chart";
import { extendCandles } from "../utils/candles";

/**
 * The traded option's 1-minute candles for the signal shown: GET /api/signals/:id/chart once, then each
 * signal-update of that signal carrying an LTP moves the last candle, or starts a new one when its market
 * time (`updatedAt`) is in a later minute.
 */
export function useOptionCandles(socket: Socket | null, signal: SignalWire | null) {
  const id = signal?.id ?? null;
  const query = useSignalChart(id);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket || id === null) return;
    const onUpdate = (payload: unknown) => {
      const parsed = SignalUpdatePayloadSchema.safeParse(payload);
      if (!parsed.success || parsed.data.id !== id) return;
      const { ltp, updatedAt } = parsed.data.changes;
      if (ltp === undefined || ltp === null || updatedAt === undefined) return;
      queryClient.setQueryData<SignalChart>(signalChartQueryKey(id), (chart) => {
        if (!chart) return chart;
        const candles = extendCandles(chart.candles, ltp, updatedAt, (candle) => candle);
        return candles === chart.candles ? chart : { ...chart, candles: [...candles] };
      });
    };
    socket.on(SERVER_EVENTS.signalUpdate, onUpdate);
    return () => {
      socket.off(SERVER_EVENTS.signalUpdate, onUpdate);
    };
  }, [socket, id, queryClient]);

  return query;
}
