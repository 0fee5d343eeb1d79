/**
 * The operator's console: users, access, contributions and the audit log (admin only). The console's view
 * of the alert queue is registered by the alerts module, which knows which channels are configured.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { AppAccess } from "../access/module";
import type { AccountsModule } from "../auth/module";
import { createAdminRepository } from "./repository";
import { adminRoutes } from "./routes";
import { createAdminService } from "./service";

export async function registerAdmin(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    accounts: Pick<AccountsModule, "sessionRows" | "sockets" | "outsideLinks">;
    access: AppAccess;
  },
) {
  const { access, accounts } = deps;
  const admin = createAdminService({
    db: kernel.db,
    clock: kernel.clock,
    admin: createAdminRepository(kernel.db),
    sessionRows: accounts.sessionRows,
    sockets: accounts.sockets,
    outsideLinks: accounts.outsideLinks,
    ...access.repos,
    ...access,
  });
  await app.register(adminRoutes, { admin });
  return { admin };
}
