/**
 * Queries that check signal transitions against the tamper-evident ledger (apps/server/src/db/schema.ts):
 * every transition is appended to the ledger in its own transaction, so the two must match one to one.
 */

/** The signal a ledger entry records: a "generated" entry holds the whole signal, the others its id. */
const LEDGER_SIGNAL_ID = "coalesce(l.content::json ->> 'id', l.content::json -> 'signal' ->> 'id')";

/** Transitions (signal_events rows) that have no ledger entry. */
export const unledgeredTransitions = `
  select e.signal_id, e.kind from signal_events e
  where not exists (
    select 1 from ledger_entries l
    where l.kind = e.kind and ${LEDGER_SIGNAL_ID} = e.signal_id
  )`;

/** Ledger entries of a transition that has no signal_events row. */
export const ledgerEntriesWithoutTransition = `
  select l.seq from ledger_entries l
  where l.kind in ('generated', 'triggered', 'closed', 'cancelled') and not exists (
    select 1 from signal_events e
    where e.kind = l.kind and e.signal_id = ${LEDGER_SIGNAL_ID}
  )`;

/** The same transition (signal and kind) recorded more than once. */
export const doubledTransitions =
  "select signal_id, kind from signal_events group by signal_id, kind having count(*) > 1";
