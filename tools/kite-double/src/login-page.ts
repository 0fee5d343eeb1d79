/**
 * The double's stand-in for kite.zerodha.com/connect/login: one button that logs in as the configured
 * user and one link that cancels, each going back to the app's redirect URL as Kite does
 * (docs/kite-connect-reference.md §1).
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1f2430; }
  main { width: min(22rem, calc(100vw - 2rem)); background: #fff; border-radius: 10px; padding: 2rem 1.75rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.08), 0 8px 24px rgb(0 0 0 / 0.06); }
  h1 { font-size: 1.15rem; margin: 0 0 0.25rem; }
  p { margin: 0.25rem 0; color: #5a6172; font-size: 0.9rem; }
  code { font-size: 0.85rem; background: #f0f1f4; padding: 0.1rem 0.35rem; border-radius: 4px; color: #1f2430; }
  form { margin: 1.5rem 0 0.75rem; }
  button { width: 100%; padding: 0.7rem 1rem; font: inherit; font-weight: 600; color: #fff; background: #e45c26;
    border: 0; border-radius: 6px; cursor: pointer; }
  button:hover, button:focus-visible { background: #c94c1b; }
  a { display: block; text-align: center; color: #387ed1; font-size: 0.9rem; }
  .note { margin-top: 1.25rem; font-size: 0.8rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageOptions {
  readonly apiKey: string;
  readonly userId: string;
  /** The decoded `redirect_params` as received, or null. */
  readonly redirectParams: string | null;
}

/** The login page: a form that authorises, a link that cancels. */
export function loginPage({ apiKey, userId, redirectParams }: LoginPageOptions): string {
  const hidden = [
    `<input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">`,
    redirectParams === null
      ? ""
      : `<input type="hidden" name="redirect_params" value="${escapeHtml(redirectParams)}">`,
  ].join("");
  const cancel = `/connect/authorize?${new URLSearchParams({ api_key: apiKey, action: "cancel" })}`;
  return page(
    "Kite Connect — local double",
    `<h1>Kite Connect — local double</h1>
<p>App <code>${escapeHtml(apiKey)}</code> asks to log in.</p>
<form method="get" action="/connect/authorize">
${hidden}<input type="hidden" name="action" value="login">
<button type="submit">Log in as ${escapeHtml(userId)}</button>
</form>
<a href="${escapeHtml(cancel)}">Cancel</a>
<p class="note">No Zerodha account is involved: this page belongs to the local Kite double.</p>`,
  );
}

/** An error page (an unknown api_key, a bad request). */
export function errorPage(message: string): string {
  return page(
    "Kite Connect — local double",
    `<h1>Kite Connect — local double</h1>
<p>${escapeHtml(message)}</p>`,
  );
}
