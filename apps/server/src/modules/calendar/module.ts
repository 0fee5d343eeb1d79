/**
 * The calendar module put together: the repository, the sync that keeps this process's calendar book equal
 * to the operator's table (read once here, before anything asks the calendar), and the service.
 */
import type { Server } from "socket.io";
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { createCalendarRepository } from "./repository";
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
