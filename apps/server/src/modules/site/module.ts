/**
 * The site: what the operator publishes about the site (GET /api/site), the documents (the agreement), and
 * the built web app with its route shells, which also answers paths no route matched.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { spaPlugin } from "../../plugins/spa";
import { documentRoutes } from "../documents/routes";
import type { ResearchAnalystService } from "../research-analyst/service";
import { siteRoutes } from "./routes";

export async function registerSite(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    webDistDir: string | undefined;
    /** The operator's research-analyst profile: the agreement names its registration while one is set. */
    researchAnalyst?: Pick<ResearchAnalystService, "current">;
  },
) {
  const { config, clock } = kernel;
  const { researchAnalyst } = deps;
  await app.register(siteRoutes, { config, clock });
  await app.register(documentRoutes, {
    config,
    registration: async () => {
      const profile = researchAnalyst ? (await researchAnalyst.current()).profile : null;
      return profile
        ? { analyst: profile.registeredName, number: profile.registrationNumber }
        : null;
    },
  });
  await app.register(spaPlugin, { webDistDir: deps.webDistDir });
}
