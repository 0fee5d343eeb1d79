/**
 * The reader's language on their account (issue 38): each language picked while signed in is saved with
 * PUT /api/account/language (app/providers.tsx calls saveAccountLanguage), so the server's e-mails and
 * alerts follow it; on sign-in, the account's language (when it has one) becomes this browser's. Loaded
 * only then, not with every first page.
 */
import { accountLanguageEndpoint, DEFAULT_LANGUAGE, type User } from "@kalpa/contracts/api/session";
import { currentLanguage, isLanguage, type Language, setLanguage } from "@/i18n";
import { apiRequest } from "@/lib/api-client";

/** Saves `language` on the signed-in account (the server answers 204). */
export function saveAccountLanguage(language: Language): Promise<void> {
  return apiRequest(accountLanguageEndpoint, { body: { language } });
}

function saveQuietly(language: Language): void {
  saveAccountLanguage(language).catch((error: unknown) => {
    // The browser keeps the choice either way; the account catches up at the next pick.
    console.warn("[i18n] could not save the language on the account", error);
  });
}

/**
 * On sign-in: the account's language becomes the site's. An account on the default, English, while this
 * browser reads another language keeps the browser's instead and saves it on the account: accounts made
 * before the language was kept all read "en", and an explicit pick in this browser says more than that.
 */
export async function adoptAccountLanguage(user: Pick<User, "language">): Promise<void> {
  const chosen = user.language;
  if (chosen === DEFAULT_LANGUAGE && currentLanguage() !== DEFAULT_LANGUAGE) {
    saveQuietly(currentLanguage());
    return;
  }
  if (!isLanguage(chosen) || chosen === currentLanguage()) return;
  await setLanguage(chosen).catch((error: unknown) => {
    console.warn("[i18n] could not load the account's language", error);
  });
}
