/**
 * The console's writes on the research-analyst profile and the complaints table. Each hands back the
 * server's message; the profile's answer replaces what every page reads (footer, cards, pages) at once.
 */
import {
  type ComplaintsMonthInput,
  clearResearchAnalystEndpoint,
  type ResearchAnalyst,
  type ResearchAnalystProfile,
  setComplaintsMonthEndpoint,
  setResearchAnalystEndpoint,
} from "@kalpa/contracts/api/research-analyst";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { complaintsQueryKey } from "@/features/site/api/get-complaints";
import { researchAnalystQueryKey } from "@/features/site/api/get-research-analyst";
import { type ApiResult, apiRequestWithMessage } from "@/lib/api-client";
import { adminQueryKey } from "./query-keys";

function useProfileChange<TInput>(change: (input: TInput) => Promise<ApiResult<ResearchAnalyst>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(researchAnalystQueryKey, data);
      // The operator's own access status says whether the terms are now asked for; the audit log grew.
      void queryClient.invalidateQueries({ queryKey: ["access"] });
      void queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}

export function useSetResearchAnalyst() {
  return useProfileChange((profile: ResearchAnalystProfile) =>
    apiRequestWithMessage(setResearchAnalystEndpoint, { body: profile }),
  );
}

export function useClearResearchAnalyst() {
  return useProfileChange(() => apiRequestWithMessage(clearResearchAnalystEndpoint));
}

export function useSetComplaintsMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { month: string; body: ComplaintsMonthInput }) =>
      apiRequestWithMessage(setComplaintsMonthEndpoint, {
        params: { month: input.month },
        body: input.body,
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(complaintsQueryKey, data);
      void queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
