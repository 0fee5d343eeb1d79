import { PAPER_CSV_PATH } from "@kalpa/contracts/api/paper";
import { API_BASE } from "@/lib/api-client";
import { type JournalFilters, journalQuery } from "../utils/journal-filters";

/**
 * The address of GET /api/paper/history.csv for the filters. The server sends it as an attachment with its
 * own file name (kalpa-journal-<model>-<days>d-<today>.csv), so a plain link downloads it.
 */
export function paperCsvHref(filters: JournalFilters): string {
  return `${API_BASE}${PAPER_CSV_PATH}?${new URLSearchParams(journalQuery(filters)).toString()}`;
}
