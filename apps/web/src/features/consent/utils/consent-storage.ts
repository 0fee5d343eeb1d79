import {
  CONSENT_VERSION,
  type ConsentRecord,
  ConsentRecordSchema,
  SESSION_STORAGE_KEYS,
} from "@kalpa/contracts/storage-keys";

/**
 * True only when this browser session holds exactly {accepted: true, version: 1}. Storage that cannot be read
 * (blocked, private mode), an unparsable value or any other record all mean "not accepted": the modal shows.
 */
export function hasConsent(): boolean {
  try {
    const stored = window.sessionStorage.getItem(SESSION_STORAGE_KEYS.consent);
    if (stored === null) return false;
    return ConsentRecordSchema.safeParse(JSON.parse(stored)).success;
  } catch {
    return false;
  }
}

/** Remembers the consent for this browser session; if storage refuses, it lasts for this page only. */
export function rememberConsent(): void {
  const record: ConsentRecord = { accepted: true, version: CONSENT_VERSION };
  try {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.consent, JSON.stringify(record));
  } catch {
    // Nothing to do: the visitor entered; a reload will ask again.
  }
}
