/**
 * The operator's research-analyst profile: built before access (whose terms gate asks whether there is a
 * profile), its routes registered once access exists, so that adding or removing the profile re-places
 * every connected user's sockets in the instrument rooms the terms now allow.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { SocketAuth } from "../../realtime/hub";
import type { AppAccess } from "../access/module";
import { createAuditRepository } from "../audit/repository";
import { READ_CACHE_TTL_MS } from "../auth/policy";
import { createResearchAnalystRepository } from "./repository";
import { researchAnalystAdminRoutes, researchAnalystRoutes } from "./routes";
import { createResearchAnalystService, type ResearchAnalystService } from "./service";

export function createResearchAnalyst(kernel: Kernel) {
  let presenceChanged: () => Promise<void> = async () => {};
  const service = createResearchAnalystService({
    db: kernel.db,
    clock: kernel.clock,
    repository: createResearchAnalystRepository(kernel.db),
    audit: createAuditRepository(kernel.db),
    cacheTtlMs: READ_CACHE_TTL_MS,
    onPresenceChanged: () => presenceChanged(),
  });
  return {
    service,
    /** Who to tell when the profile comes or goes (set once access exists). */
    onPresenceChanged(listener: () => Promise<void>) {
      presenceChanged = listener;
    },
  };
}

export async function registerResearchAnalyst(
  app: HttpApp,
  kernel: Kernel,
  deps: { researchAnalyst: ReturnType<typeof createResearchAnalyst>; access: AppAccess },
) {
  const { researchAnalyst, access } = deps;
  const { service } = researchAnalyst;
  researchAnalyst.onPresenceChanged(async () => {
    // Whether the terms are asked for changed for everyone, signed-in sockets or not.
    access.reader.forgetAll();
    // Every signed-in socket, in every process: whether the terms are accepted now decides its rooms.
    const sockets = await kernel.io.fetchSockets();
    const userIds = new Set<number>();
    for (const socket of sockets) {
      const auth = socket.data.auth as SocketAuth | undefined;
      if (auth) userIds.add(auth.userId);
    }
    for (const userId of userIds) await access.notifier.accessChanged(userId, "access-changed");
  });
  if (await service.seed(kernel.config.researchAnalystSeed)) {
    kernel.log.info("research-analyst profile written from RA_* (the console can change it)");
  }
  await app.register(researchAnalystRoutes, { researchAnalyst: service });
  await app.register(researchAnalystAdminRoutes, { researchAnalyst: service });
  return service;
}

/**
 * Whether the track record (totals, statistics, equity curve) may be shown to visitors who are not signed
 * in: always without a profile; with one, only once PaRRVA has verified past performance.
 */
export function pastPerformanceIsPublic(service: { current: ResearchAnalystService["current"] }) {
  return async () => {
    const { profile } = await service.current();
    return profile === null || profile.parrvaVerified;
  };
}
