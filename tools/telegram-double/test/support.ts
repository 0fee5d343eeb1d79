/** Helpers for the double's tests: calling the Bot API the ways "Making requests" allows. */
import { DEFAULT_BOT, type TelegramDouble } from "../src/double";

export const TOKEN = DEFAULT_BOT.token;

export type Encoding = "json" | "form" | "query" | "multipart";

export interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: the tests look into whatever the API answered.
  readonly body: any;
}

/** Values as a form carries them: strings, with objects JSON-serialized. */
function formValue(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

export async function call(
  double: TelegramDouble,
  method: string,
  params: Record<string, unknown> = {},
  options: { readonly encoding?: Encoding; readonly token?: string } = {},
): Promise<Answer> {
  const url = `${double.apiRoot}/bot${options.token ?? TOKEN}/${method}`;
  const encoding = options.encoding ?? "json";
  let res: Response;
  if (encoding === "json") {
    res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params),
    });
  } else if (encoding === "form") {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) form.set(name, formValue(value));
    res = await fetch(url, { method: "POST", body: form });
  } else if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.set(name, formValue(value));
    res = await fetch(url, { method: "POST", body: form });
  } else {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) query.set(name, formValue(value));
    res = await fetch(`${url}?${query}`);
  }
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    body: await res.json(),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
