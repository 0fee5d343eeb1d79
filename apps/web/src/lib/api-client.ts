/**
 * The browser's one way to call the API: same origin, cookies included, JSON in and out. Every answer is the
 * envelope from contracts/envelope.ts; a success's `data` is checked against the endpoint's response schema,
 * and anything else becomes an ApiError carrying the server's own message.
 */
import type { Endpoint } from "@kalpa/contracts/api/endpoint";
import {
  type ErrorCode,
  ErrorEnvelopeSchema,
  errorCodeForStatus,
  type FieldIssue,
} from "@kalpa/contracts/envelope";
import { AUTH_MESSAGES, SERVER_MESSAGES } from "@kalpa/contracts/messages";
import * as z from "zod/mini";
import { currentLanguage } from "@/i18n";

/** Paths in contracts are absolute ("/api/..."), so the base is the page's own origin. */
export const API_BASE = "";

/** Codes the client adds to the server's: the request never got an answer, or the answer was unreadable. */
export type ApiErrorCode = ErrorCode | "NETWORK_ERROR" | "INVALID_RESPONSE";

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: readonly FieldIssue[];
  /** When the answer said to ask again (its Retry-After, in milliseconds). */
  readonly retryAfterMs: number | undefined;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    issues?: readonly FieldIssue[];
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues ?? [];
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True for 4xx answers: the request itself was refused, so repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

type BodyOf<E extends Endpoint> = E extends { body: infer B extends z.core.$ZodType }
  ? z.input<B>
  : never;

export interface ApiRequestOptions<E extends Endpoint> {
  /** Sent as JSON. Only endpoints that declare a body accept one. */
  body?: BodyOf<E>;
  /** Sent as the raw request body with its own type as Content-Type (a file upload). */
  upload?: Blob;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Values for `:name` segments of the endpoint's path. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data: T;
  message: string | undefined;
}

function buildUrl(path: string, options: Pick<ApiRequestOptions<Endpoint>, "query" | "params">) {
  const withParams = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE}${withParams}${queryString ? `?${queryString}` : ""}`;
}

function messageForStatus(status: number): string {
  if (status === 404) return SERVER_MESSAGES.notFound;
  if (status === 429) return SERVER_MESSAGES.rateLimited;
  if (status >= 500) return SERVER_MESSAGES.internal;
  return AUTH_MESSAGES.somethingWentWrongRetry;
}

const INVALID_RESPONSE_MESSAGE =
  "The server sent an answer this page could not read. Please try again.";

const successSchemas = new WeakMap<z.core.$ZodType, z.ZodMiniType>();

function successSchemaFor(response: z.core.$ZodType): z.ZodMiniType {
  let schema = successSchemas.get(response);
  if (!schema) {
    // Message-only answers (`{ success: true, message }`) have no `data` key: an endpoint whose response
    // schema accepts undefined (e.g. z.undefined()) takes them.
    const acceptsNoData = z.safeParse(response, undefined).success;
    schema = z.object({
      success: z.literal(true),
      data: acceptsNoData ? z.optional(response) : response,
      message: z.optional(z.string()),
    });
    successSchemas.set(response, schema);
  }
  return schema;
}

/** Retry-After in whole seconds (the only form the server sends), as milliseconds. */
function retryAfterMsOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  return value !== null && /^\d{1,5}$/.test(value.trim()) ? Number(value) * 1000 : undefined;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === "AbortError");
}

/** Calls an endpoint and returns its data together with the server's optional message. */
export async function apiRequestWithMessage<E extends Endpoint>(
  endpoint: E,
  options: ApiRequestOptions<E> = {},
): Promise<ApiResult<z.output<E["response"]>>> {
  const url = buildUrl(endpoint.path, options);
  const hasBody = options.body !== undefined;
  // The site's language, not the browser's: the server answers its messages in it (a signed-in user's
  // account language wins there).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": currentLanguage(),
  };
  let body: BodyInit | undefined;
  if (options.upload) {
    headers["Content-Type"] = options.upload.type || "application/octet-stream";
    body = options.upload;
  } else if (hasBody) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: "include",
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    throw new ApiError({
      status: 0,
      code: "NETWORK_ERROR",
      message: AUTH_MESSAGES.networkError,
      cause: error,
    });
  }

  let payload: unknown;
  try {
    const text = await response.text();
    payload = text ? JSON.parse(text) : undefined;
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    payload = undefined;
  }

  const failure = ErrorEnvelopeSchema.safeParse(payload);
  if (failure.success) {
    throw new ApiError({
      status: response.status,
      code: failure.data.code,
      message: failure.data.error,
      issues: failure.data.issues,
      retryAfterMs: retryAfterMsOf(response),
    });
  }

  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: errorCodeForStatus(response.status),
      message: messageForStatus(response.status),
    });
  }

  // 204 No Content: an endpoint that answers with nothing (its response schema accepts undefined).
  if (response.status === 204 && z.safeParse(endpoint.response, undefined).success) {
    return { data: undefined as z.output<E["response"]>, message: undefined };
  }

  const success = successSchemaFor(endpoint.response).safeParse(payload);
  if (!success.success) {
    throw new ApiError({
      status: response.status,
      code: "INVALID_RESPONSE",
      message: INVALID_RESPONSE_MESSAGE,
      cause: success.error,
    });
  }
  const envelope = success.data as { data: z.output<E["response"]>; message?: string };
  return { data: envelope.data, message: envelope.message };
}

/** Calls an endpoint and returns its validated data. */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: ApiRequestOptions<E> = {},
): Promise<z.output<E["response"]>> {
  const { data } = await apiRequestWithMessage(endpoint, options);
  return data;
}
