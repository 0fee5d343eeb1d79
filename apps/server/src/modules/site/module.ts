/**
 * The site: what the operator publishes about the site (GET /api/site), the documents (the agreement), and
 * the built web app with its route shells, which also answers paths no route matched.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { spaPlugin } from "../../plugins/spa";
import { documentRoutes } from "../documents/routes";
import { siteRoutes } from "./routes";

export async function registerSite(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    webDistDir: string | undefined;
    /** Whether the operator has a research-analyst profile (the agreement's refund wording follows it). */
    hasProfile?: () => Promise<boolean>;
  },
) {
  const { config, clock } = kernel;
  await app.register(siteRoutes, { config, clock });
  await app.register(documentRoutes, { config, hasProfile: deps.hasProfile });
  await app.register(spaPlugin, { webDistDir: deps.webDistDir });
}
