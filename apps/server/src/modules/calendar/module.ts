/**
 * The calendar module put together: the repository, the sync that keeps this process's calendar book equal
 * to the operator's table (read once here, before anything asks the calendar), and the service.
 * `registerCalendar` adds the routes for the app and the operators' weekly reminder, which the engine's
 * process sends.
 */
import type { Server } from "socket.io";
import type { AppDb } from "../../db/client";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { Clock } from "../../lib/clock";
import { startCalendarReminders } from "./reminder";
import { createCalendarRepository } from "./repository";
import { calendarRoutes } from "./routes";
import { createCalendarService } from "./service";
import { type CalendarLog, createCalendarSync } from "./sync";

export async function createCalendarModule(deps: {
  db: AppDb;
  io?: Server;
  clustered: boolean;
  log: CalendarLog;
  clock: Clock;
  nseClose?: string;
}) {
  const repository = createCalendarRepository(deps.db);
  const sync = createCalendarSync({
    repository,
    ...(deps.io ? { io: deps.io } : {}),
    clustered: deps.clustered,
    log: deps.log,
  });
  await sync.load();
  const service = createCalendarService({
    db: deps.db,
    repository,
    sync,
    clock: deps.clock,
    ...(deps.nseClose ? { nseClose: deps.nseClose } : {}),
  });
  return { repository, sync, service, stop: () => sync.stop() };
}

export type CalendarModule = Awaited<ReturnType<typeof createCalendarModule>>;

/**
 * The operator's calendar rows are installed here, before anything asks the calendar (the engine, later in
 * the list).
 */
export async function registerCalendar(app: HttpApp, kernel: Kernel) {
  const { config, clock, log } = kernel;
  const calendar = await createCalendarModule({
    db: kernel.db,
    io: kernel.io,
    clustered: kernel.clustered,
    log,
    clock,
    nseClose: config.market.nseClose,
  });
  kernel.onClose("calendar", async () => calendar.stop());
  await app.register(calendarRoutes, {
    calendar,
    clock,
    marketNow: kernel.marketNow,
    expiriesFrom: config.market.feed === "kite" ? "broker" : "calendar",
  });
  return {
    ...calendar,
    /** The operators' weekly calendar reminder (the engine's process sends it); returns its stop. */
    startReminders: () =>
      startCalendarReminders({
        repository: calendar.repository,
        mail: kernel.mail,
        site: {
          brandName: config.brandName,
          publicUrl: config.publicUrl,
          operatorEmail: config.operator.email,
        },
        log,
        clock,
      }),
  };
}
