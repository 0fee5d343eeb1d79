/**
 * The fuzz drill's generator (drills/fuzz.ts sends what it makes): pure, seeded functions from the server's
 * OpenAPI document to malformed HTTP requests, and from the socket contract's event names to malformed
 * socket.io events and raw engine.io packets. The same document and seed always give the same cases.
 *
 * Each operation gets a valid request first (example values from its schemas), then variants that break
 * one thing each: a field's type, a required field left out, extra and privileged fields, `__proto__` and
 * `constructor.prototype` keys, huge and deeply nested values, invalid JSON, the wrong content type, odd
 * byte encodings, unicode, traversal and bad encodings in the path, odd query strings, the wrong origin,
 * the wrong method. A few cases belong to no operation: broken request lines and headers (a NUL in the
 * target, an oversized header, conflicting lengths, CONNECT, stray upgrades). `generateCases` interleaves
 * operations and kinds of breakage, so that any prefix (CI's shorter run) covers every operation and most
 * kinds; random byte flips of catalogue cases come after.
 */

/** The parts of a JSON schema (as @fastify/swagger writes them from zod) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiParameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export type Family =
  | "wrong-type"
  | "missing"
  | "extra"
  | "prototype"
  | "huge"
  | "deep"
  | "invalid-json"
  | "content-type"
  | "encoding"
  | "unicode"
  | "injection"
  | "path"
  | "query"
  | "origin"
  | "method"
  | "bitflip"
  | "raw-http";

/** Whose Origin the request carries: the site's, none, or another site's (`foreign` holds the value). */
export type OriginMode = { kind: "site" } | { kind: "none" } | { kind: "foreign"; value: string };

export interface FuzzCase {
  /** The document's operation ("POST /api/auth/login"). */
  endpoint: string;
  family: Family;
  /** What is wrong with it, for the log. */
  label: string;
  method: string;
  /** The request target exactly as sent: characters U+0080..U+00FF stand for raw bytes 0x80..0xFF. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  origin: OriginMode;
  /**
   * Sent as raw bytes: the request line and these header lines (latin1), then the sender's Host, Cookie,
   * Origin and `Connection: close`, then `body`. For requests an HTTP library refuses to write.
   */
  raw?: { requestLine: string; headerLines: string[] };
}

export interface GeneratedCases {
  cases: FuzzCase[];
  /** Every operation in the document ("GET /api/health"). */
  endpoints: string[];
  /** Operations that got no case (none, unless the document holds a method the generator cannot send). */
  skipped: string[];
}

/** Above the server's JSON body limit (64 KiB), so the refusal must be 413. */
export const HUGE_STRING_CHARS = 1_000_000;
/** Below the JSON body limit, so the value reaches the validators. */
export const LARGE_STRING_CHARS = 60_000;
export const DEEP_LEVELS = 10_000;

const SENDABLE_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

// --- seeded randomness ---------------------------------------------------------------------------------

export interface Random {
  next(): number;
  int(below: number): number;
  pick<T>(list: readonly T[]): T;
}

/** mulberry32 over an FNV-1a hash of the seed: small, fast and the same everywhere. */
export function seeded(seed: string): Random {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (list) => list[int(list.length)] as (typeof list)[number] };
}

// --- JSON with raw fragments ---------------------------------------------------------------------------

/** JSON text written as is (`1e999`, `"\ud800"`, an unfinished nest). */
class RawJson {
  constructor(readonly text: string) {}
}
/** An object as a list of entries, so that `__proto__` and repeated keys are written as keys. */
class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}
const raw = (text: string) => new RawJson(text);
const entries = (list: [string, unknown][]) => new Entries(list);

export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Entries) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") return jsonText(entries(Object.entries(value)));
  return JSON.stringify(value) ?? "null";
}

const jsonBody = (value: unknown) => Buffer.from(jsonText(value), "utf8");

type FieldPath = (string | number)[];
const REMOVE = Symbol("remove");

/** A copy of `base` with the value at `path` replaced (or removed); `base` is plain JSON. */
function withValue(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  if (Array.isArray(base)) {
    const copy: unknown[] = [...base];
    if (value === REMOVE && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = withValue(base[Number(head)], rest, value);
    return copy;
  }
  const source = (base ?? {}) as Record<string, unknown>;
  const list: [string, unknown][] = [];
  for (const [key, item] of Object.entries(source)) {
    if (key !== String(head)) list.push([key, item]);
    else if (!(value === REMOVE && rest.length === 0))
      list.push([key, withValue(item, rest, value)]);
  }
  if (!(String(head) in source) && value !== REMOVE)
    list.push([String(head), withValue(undefined, rest, value)]);
  return entries(list);
}

const pathText = (path: FieldPath) =>
  path.length === 0 ? "body" : `body.${path.map(String).join(".")}`;

// --- example values from schemas -----------------------------------------------------------------------

const DATE_PATTERN_EXAMPLE = "2031-01-15";
const KNOWN_PATTERNS: [RegExp, string][] = [
  [/^\^\\d\{4\}-/, DATE_PATTERN_EXAMPLE],
  [/^\^\(\[01\]\\d\|2\[0-3\]\):/, "10:15"],
  [/^\^\\d\{1,18\}\$$/, "999999"],
];

/** A plausible value for a string by its field's name, so valid requests get past the services' checks. */
function stringByName(name: string): string {
  const lower = name.toLowerCase();
  if (lower.includes("email")) return "fuzz.drill@example.com";
  if (lower.includes("mobile") || lower.includes("phone")) return "9876543210";
  if (lower.includes("password")) return "Fuzz-Drill#2468";
  if (lower.includes("otp")) return "123456";
  if (lower.includes("username")) return "fuzz_drill_user";
  if (lower === "name") return "Fuzz Drill";
  if (lower === "id") return "999999";
  return "fuzz";
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

/** A value the schema accepts (as far as the generator can tell), named after `name` where that helps. */
export function exampleOf(schema: JsonSchema | undefined, name = ""): unknown {
  if (!schema) return "fuzz";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.[0]) return exampleOf(alternatives[0], name);
  const type = typesOf(schema)[0];
  switch (type) {
    case "object": {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        result[key] = exampleOf(property, key);
      }
      return result;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        exampleOf(schema.items, name),
      );
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      const high = schema.maximum ?? schema.exclusiveMaximum ?? low + 100;
      return Math.min(Math.max(low, 1), high);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default: {
      if (schema.format === "email") return "fuzz.drill@example.com";
      const known = schema.pattern
        ? KNOWN_PATTERNS.find(([test]) => test.test(schema.pattern ?? ""))?.[1]
        : undefined;
      let text = known ?? stringByName(name);
      if (schema.maxLength !== undefined) text = text.slice(0, schema.maxLength);
      if (schema.minLength !== undefined && text.length < schema.minLength) {
        text = text.padEnd(schema.minLength, "x");
      }
      return text;
    }
  }
}

// --- what the generator knows of an operation ----------------------------------------------------------

interface Operation {
  endpoint: string;
  method: string;
  template: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  bodySchema: JsonSchema | undefined;
  mutating: boolean;
  pathExample: PathExample | undefined;
}

/** A real value for a path parameter (an existing user's id), so that variants reach the writes. */
export type PathExample = (template: string, name: string) => string | undefined;

function operationsOf(
  document: OpenApiDocument,
  pathExample?: PathExample,
): { operations: Operation[]; skipped: string[] } {
  const operations: Operation[] = [];
  const skipped: string[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const endpoint = `${method.toUpperCase()} ${template}`;
      if (!SENDABLE_METHODS.has(method)) {
        skipped.push(endpoint);
        continue;
      }
      const parameters = operation.parameters ?? [];
      const upper = method.toUpperCase();
      operations.push({
        endpoint,
        method: upper,
        template,
        pathParams: parameters.filter((parameter) => parameter.in === "path"),
        queryParams: parameters.filter((parameter) => parameter.in === "query"),
        bodySchema: operation.requestBody?.content?.["application/json"]?.schema,
        mutating: !["GET", "HEAD", "OPTIONS"].includes(upper),
        pathExample,
      });
    }
  }
  return { operations, skipped };
}

/** Every operation in the document, as "METHOD /path". */
export function endpointsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`),
  );
}

/** The operation's path with each parameter's value (already percent-encoded, or raw on purpose). */
function fillPath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name];
    const parameter = operation.pathParams.find((candidate) => candidate.name === name);
    const example =
      operation.pathExample?.(operation.template, name) ?? exampleOf(parameter?.schema, name);
    return encodeURIComponent(String(example));
  });
}

/** The query string of the required parameters' examples, with `extra` pairs (already encoded) after. */
function queryOf(operation: Operation, extra: string[] = [], leaveOut?: string): string {
  const pairs = operation.queryParams
    .filter((parameter) => parameter.required && parameter.name !== leaveOut)
    .map(
      (parameter) =>
        `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(exampleOf(parameter.schema, parameter.name)))}`,
    );
  const all = [...pairs, ...extra];
  return all.length > 0 ? `?${all.join("&")}` : "";
}

// --- value pools ---------------------------------------------------------------------------------------

/** Values of every JSON type; a field gets those not of its own type. */
const ANY_TYPE_VALUES: [string, unknown][] = [
  ["42", 42],
  ["-1", -1],
  ["0.5", 0.5],
  ["true", true],
  ["false", false],
  ["null", null],
  ["[]", []],
  ["{}", {}],
  ['"fuzz"', "fuzz"],
  ['["a"]', ["a"]],
  ['{"a":1}', { a: 1 }],
];
const NUMERIC_EDGES: [string, unknown][] = [
  ["1e999 (Infinity once parsed)", raw("1e999")],
  ["-0", raw("-0")],
  ["2^53 + 1", raw("9007199254740993")],
  ["a 400-digit number", raw("9".repeat(400))],
  ["-1e308", -1e308],
  ['"1" (a numeral string)', "1"],
];

function wrongTypeValues(schema: JsonSchema): [string, unknown][] {
  const types = typesOf(schema);
  const isType = (value: unknown): boolean => {
    if (value instanceof RawJson) return false;
    if (Array.isArray(value)) return types.includes("array");
    if (value === null) return types.includes("null");
    if (typeof value === "object") return types.includes("object");
    if (typeof value === "number") {
      return types.includes("number") || (types.includes("integer") && Number.isInteger(value));
    }
    if (typeof value === "string") return types.includes("string") && !schema.enum;
    return types.includes(typeof value);
  };
  const values = ANY_TYPE_VALUES.filter(([, value]) => !isType(value));
  if (types.includes("number") || types.includes("integer")) values.push(...NUMERIC_EDGES);
  if (schema.enum) {
    const first = String(schema.enum[0]);
    values.push(
      ["the enum value upper-cased", first.toUpperCase()],
      ["the enum value with a trailing space", `${first} `],
      ["an unknown enum value", "fuzz-unknown"],
    );
  }
  if (types.includes("array")) {
    values.push(
      ["an array of the wrong items", [42, null, {}]],
      ["an array nested in the array", [[exampleOf(schema.items)]]],
      ["a duplicated item", [exampleOf(schema.items), exampleOf(schema.items)]],
    );
  }
  return values;
}

/** Unicode that trips naive code: bidi overrides, joiners, combining marks, homoglyphs, lone surrogates. */
export const UNICODE_SAMPLES: [string, unknown][] = [
  ["a right-to-left override", "fuzz\u202Egnp.exe"],
  [
    "an emoji family (zero-width joiners)",
    "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}",
  ],
  ["stacked combining marks", `Z${"\u0337\u0322\u031B\u0334".repeat(50)}algo`],
  ["a Cyrillic homoglyph of admin", "\u0430dmin"],
  ["full-width letters", "\uFF54\uFF52\uFF41\uFF44\uFF45\uFF52"],
  ["a zero-width space", "tra\u200Bder"],
  ["a NUL character", "fuzz\u0000drill"],
  ["a lone high surrogate (escaped)", raw('"fuzz\\ud800drill"')],
  ["a lone low surrogate then a high one (escaped)", raw('"\\udfff\\ud800"')],
  ["a byte-order mark inside", "fu\uFEFFzz"],
  ["the noncharacter U+FFFF", "fuzz\uFFFF"],
  ["CR LF and a header", "fuzz\r\nSet-Cookie: kalpa=1"],
  ["only whitespace", " \t\u00A0\u3000 "],
  ["Devanagari", "\u0928\u092E\u0938\u094D\u0924\u0947"],
  ["an astral-plane character", "\u{1D54F}\u{10FFFF}"],
];

const INJECTION_SAMPLES: [string, unknown][] = [
  ["SQL quote", "' OR '1'='1"],
  ["SQL statement", "1; DROP TABLE users; --"],
  ["a script tag", "<script>alert(1)</script>"],
  ["a path traversal", "../../../../etc/passwd"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, written as text on purpose
  ["a template expression", "${7*7}{{7*7}}"],
  ["a format string", "%s%s%n%x"],
  ["a query operator object", { $gt: "" }],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a JNDI-lookup probe, written as text on purpose
  ["a JNDI lookup", "${jndi:ldap://127.0.0.1/a}"],
];

/**
 * Path parameter values that try to escape, confuse the router or the number parsing (those a router
 * refuses outright first, so that a short run has them).
 */
const PATH_VALUES: [string, string][] = [
  ["a bad percent-encoding", "%zz"],
  ["a 10,000-character value", "x".repeat(10_000)],
  ["an encoded NUL", "1%00"],
  ["..", ".."],
  ["../", "../"],
  ["../../../../etc/passwd", "../../../../etc/passwd"],
  ["%2e%2e%2f (encoded ../)", "%2e%2e%2f%2e%2e%2fetc%2fpasswd"],
  ["..%2f", "..%2f..%2f"],
  ["..\\ (backslash)", "..%5c..%5cwindows"],
  ["an overlong-encoded dot", "%c0%ae%c0%ae%c0%af"],
  ["a double-encoded NUL", "1%2500"],
  ["a lone percent", "%"],
  ["an encoded slash", "a%2fb"],
  ["an empty segment", ""],
  ["a space", "%20"],
  ["a 200-character value", "y".repeat(200)],
  ["-1", "-1"],
  ["0", "0"],
  ["1.5", "1.5"],
  ["1e3", "1e3"],
  ["0x10", "0x10"],
  ["NaN", "NaN"],
  ["a 30-digit number", "9".repeat(30)],
  ["a literal {id}", "{id}"],
  ["SQL", "1'%20OR%20'1'%3D'1"],
  ["__proto__", "__proto__"],
  ["constructor", "constructor"],
  ["an encoded RTL override and emoji", encodeURIComponent("\u202E\u{1F4A9}")],
  ["raw bytes that are not UTF-8", "\u00ff\u00fe\u00c3\u0028"],
  ["an encoded lone surrogate (CESU-8)", "%ed%a0%80"],
  ["a semicolon parameter", "1;jsessionid=fuzz"],
];

// --- the catalogue of one operation --------------------------------------------------------------------

interface Field {
  path: FieldPath;
  schema: JsonSchema;
  required: boolean;
}

/** Every field of a body (nested objects and the first item of arrays), with its schema. */
function fieldsOf(schema: JsonSchema, example: unknown, path: FieldPath = []): Field[] {
  const fields: Field[] = [];
  if (typesOf(schema).includes("object") && schema.properties) {
    const record = (example ?? {}) as Record<string, unknown>;
    for (const [key, property] of Object.entries(schema.properties)) {
      const fieldPath = [...path, key];
      fields.push({
        path: fieldPath,
        schema: property,
        required: schema.required?.includes(key) ?? false,
      });
      fields.push(...fieldsOf(property, record[key], fieldPath));
    }
  } else if (typesOf(schema).includes("array") && schema.items && Array.isArray(example)) {
    const itemPath = [...path, 0];
    if (typesOf(schema.items).includes("object"))
      fields.push(...fieldsOf(schema.items, example[0], itemPath));
  }
  return fields;
}

const deepArray = (levels: number) => raw(`${"[".repeat(levels)}${"]".repeat(levels)}`);
const deepObject = (levels: number) => raw(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);

const JSON_HEADERS = { "content-type": "application/json" };

/** One operation's cases as they are made, by family; each starts from the operation's valid request. */
class Catalogue {
  readonly families = new Map<Family, FuzzCase[]>();
  readonly baseTarget: string;
  /** The valid body (plain JSON), when the operation takes one. */
  readonly baseBody: unknown;
  readonly baseHeaders: Record<string, string>;
  /** The valid body's fields, and its JSON text (`{}` for an operation without a body). */
  readonly bodyEntries: [string, unknown][];
  readonly bodyText: string;

  constructor(
    readonly operation: Operation,
    readonly siteOrigin: string,
  ) {
    this.baseTarget = fillPath(operation) + queryOf(operation);
    this.baseBody = operation.bodySchema ? exampleOf(operation.bodySchema) : undefined;
    this.baseHeaders = this.baseBody !== undefined ? JSON_HEADERS : {};
    this.bodyEntries = Object.entries((this.baseBody ?? {}) as Record<string, unknown>);
    this.bodyText = jsonText(this.baseBody ?? {});
  }

  /** The valid request with `parts` replaced. */
  add(family: Family, label: string, parts: Partial<FuzzCase> = {}) {
    const list = this.families.get(family) ?? [];
    list.push({
      endpoint: this.operation.endpoint,
      family,
      label,
      method: this.operation.method,
      target: this.baseTarget,
      headers: this.baseHeaders,
      ...(this.baseBody !== undefined ? { body: jsonBody(this.baseBody) } : {}),
      origin: { kind: "site" },
      ...parts,
    });
    this.families.set(family, list);
  }

  /** A JSON body: a variant of the operation's own, or one given to a route that takes none. */
  json(family: Family, label: string, body: unknown) {
    this.add(family, label, { headers: JSON_HEADERS, body: jsonBody(body) });
  }

  /** Bytes as the body, under a content type. */
  bytes(family: Family, label: string, body: Buffer, contentType = "application/json") {
    this.add(family, label, { headers: { "content-type": contentType }, body });
  }
}

/** Each field of the body: wrong types, left out, huge, unicode, injection, prototype keys inside objects. */
function addFieldCases(c: Catalogue) {
  if (!c.operation.bodySchema) return;
  for (const field of fieldsOf(c.operation.bodySchema, c.baseBody)) {
    const name = pathText(field.path);
    for (const [label, value] of wrongTypeValues(field.schema)) {
      c.json("wrong-type", `${name} = ${label}`, withValue(c.baseBody, field.path, value));
    }
    if (field.required) {
      c.json("missing", `${name} left out`, withValue(c.baseBody, field.path, REMOVE));
    }
    c.json("missing", `${name} = null`, withValue(c.baseBody, field.path, null));
    const types = typesOf(field.schema);
    if (types.includes("string")) {
      c.json(
        "huge",
        `${name}: a ${LARGE_STRING_CHARS}-character string`,
        withValue(c.baseBody, field.path, "x".repeat(LARGE_STRING_CHARS)),
      );
      c.json(
        "huge",
        `${name}: a 1 MB string`,
        withValue(c.baseBody, field.path, "x".repeat(HUGE_STRING_CHARS)),
      );
      c.json("missing", `${name} = ""`, withValue(c.baseBody, field.path, ""));
      for (const [label, value] of UNICODE_SAMPLES) {
        c.json("unicode", `${name}: ${label}`, withValue(c.baseBody, field.path, value));
      }
      for (const [label, value] of INJECTION_SAMPLES) {
        c.json("injection", `${name}: ${label}`, withValue(c.baseBody, field.path, value));
      }
      if (field.schema.maxLength !== undefined) {
        c.json(
          "huge",
          `${name}: maxLength + 1 characters`,
          withValue(c.baseBody, field.path, "x".repeat(field.schema.maxLength + 1)),
        );
      }
    }
    if (types.includes("array")) {
      c.json(
        "huge",
        `${name}: 5,000 items`,
        withValue(c.baseBody, field.path, Array(5000).fill(1)),
      );
      c.json("missing", `${name} = []`, withValue(c.baseBody, field.path, []));
    }
    if (types.includes("object")) {
      c.json(
        "prototype",
        `${name} with a __proto__ key`,
        withValue(
          c.baseBody,
          field.path,
          entries([["__proto__", { isAdmin: true, role: "admin" }]]),
        ),
      );
      c.json(
        "prototype",
        `${name} with constructor.prototype`,
        withValue(c.baseBody, field.path, { constructor: { prototype: { isAdmin: true } } }),
      );
    }
    c.json(
      "deep",
      `${name}: ${DEEP_LEVELS} nested arrays`,
      withValue(c.baseBody, field.path, deepArray(DEEP_LEVELS)),
    );
  }
}

/** The whole body: missing, extra and privileged fields, prototype keys, huge, deep, not JSON. */
function addBodyCases(c: Catalogue) {
  c.json("missing", "an empty object", {});
  c.add("missing", "no body, with a JSON content type", {
    headers: JSON_HEADERS,
    body: Buffer.alloc(0),
  });
  c.add("missing", "no body and no content type", { headers: {}, body: undefined });
  for (const [label, value] of [
    ["null", null],
    ["an array", []],
    ["a string", "fuzz"],
    ["a number", 42],
    ["true", true],
  ] as const) {
    c.json("wrong-type", `the body is ${label}`, value);
  }
  c.json(
    "extra",
    "privileged extra fields",
    entries([
      ...c.bodyEntries,
      ["role", "admin"],
      ["isAdmin", true],
      ["userId", 1],
      ["id", 1],
      ["success", true],
    ]),
  );
  c.json(
    "extra",
    "2,000 extra fields",
    entries([
      ...c.bodyEntries,
      ...Array.from({ length: 2000 }, (_, i): [string, unknown] => [`extra${i}`, i]),
    ]),
  );
  c.json(
    "extra",
    "a repeated key (the second one wins in JSON.parse)",
    entries([
      ...c.bodyEntries,
      ...c.bodyEntries.map(([key]): [string, unknown] => [key, { repeated: true }]),
    ]),
  );
  c.json(
    "extra",
    "a 60,000-character key",
    entries([...c.bodyEntries, ["k".repeat(LARGE_STRING_CHARS), 1]]),
  );
  const proto = { isAdmin: true, role: "admin" };
  c.json("prototype", "__proto__ at the top", entries([["__proto__", proto], ...c.bodyEntries]));
  c.json(
    "prototype",
    "__proto__ after the fields",
    entries([...c.bodyEntries, ["__proto__", proto]]),
  );
  c.json(
    "prototype",
    "constructor.prototype at the top",
    entries([...c.bodyEntries, ["constructor", { prototype: proto }]]),
  );
  c.json("prototype", "a prototype key", entries([...c.bodyEntries, ["prototype", proto]]));
  c.json("prototype", "__proto__ = null", entries([...c.bodyEntries, ["__proto__", null]]));
  c.json(
    "prototype",
    "__proto__ spelt with \\u escapes",
    entries([...c.bodyEntries, ["\u005f\u005fproto\u005f\u005f", proto]]),
  );
  c.bytes(
    "prototype",
    "__proto__ written as \\u005f escapes in the JSON text",
    Buffer.from(
      `{"\\u005f\\u005fproto\\u005f\\u005f":{"isAdmin":true}${c.bodyEntries.length > 0 ? "," : ""}${c.bodyText.slice(1)}`,
    ),
  );
  c.json("prototype", "__proto__ inside an array", [entries([["__proto__", proto]])]);
  c.json(
    "prototype",
    "constructor and toString as fields",
    entries([
      ...c.bodyEntries,
      ["constructor", "fuzz"],
      ["toString", "fuzz"],
      ["hasOwnProperty", 1],
      ["valueOf", null],
    ]),
  );
  const padded = (size: number) =>
    Buffer.from(jsonText(entries([...c.bodyEntries, ["pad", "p".repeat(size)]])), "utf8");
  c.bytes(
    "huge",
    "a body 1 byte above the 64 KiB limit",
    (() => {
      const base = padded(0);
      return padded(64 * 1024 + 1 - base.length);
    })(),
  );
  c.bytes("huge", "a 1 MB JSON body", padded(HUGE_STRING_CHARS));
  c.bytes("huge", "a 5 MB JSON body", padded(5 * HUGE_STRING_CHARS));
  c.bytes(
    "huge",
    "an array of 30,000 numbers in 60 KB",
    Buffer.from(`[${Array(30_000).fill(1).join(",")}]`),
  );
  c.bytes("huge", "a 10,000-digit number", Buffer.from(`{"n":${"9".repeat(10_000)}}`));
  c.bytes("deep", `${DEEP_LEVELS} nested arrays`, Buffer.from(deepArray(DEEP_LEVELS).text));
  c.bytes("deep", `${DEEP_LEVELS} nested objects`, Buffer.from(deepObject(DEEP_LEVELS).text));
  c.bytes(
    "deep",
    "30,000 nested arrays (just under the limit)",
    Buffer.from(deepArray(30_000).text),
  );
  c.bytes("deep", "100,000 nested arrays (above the limit)", Buffer.from(deepArray(100_000).text));
  c.bytes("deep", `${DEEP_LEVELS} unclosed arrays`, Buffer.from("[".repeat(DEEP_LEVELS)));
  c.bytes(
    "deep",
    "nested __proto__ objects 1,000 deep",
    Buffer.from(`${'{"__proto__":'.repeat(1000)}{}${"}".repeat(1000)}`),
  );
  const invalid: [string, string][] = [
    ["truncated", c.bodyText.slice(0, Math.max(1, Math.floor(c.bodyText.length / 2)))],
    ["a trailing comma", `${c.bodyText.slice(0, -1)}${c.bodyEntries.length > 0 ? "," : ""}"a":1,}`],
    ["single quotes", c.bodyText.replaceAll('"', "'")],
    ["unquoted keys", c.bodyText.replace(/"([^"]+)":/g, "$1:")],
    ["NaN", '{"value":NaN}'],
    ["Infinity", '{"value":Infinity}'],
    ["a comment", `/* fuzz */${c.bodyText}`],
    ["two objects", `${c.bodyText}${c.bodyText}`],
    ["a lone brace", "{"],
    ["a closing brace", "}"],
    ["an unterminated string", '{"a":"fuzz'],
    ["an invalid escape", '{"a":"\\x41\\q"}'],
    ["a raw tab and newline in a string", '{"a":"a\tb\nc"}'],
    ["a bare word", "fuzz"],
    ["only whitespace", " \n\t "],
    ["an XML document", '<?xml version="1.0"?><a>fuzz</a>'],
  ];
  for (const [label, bodyText] of invalid)
    c.bytes("invalid-json", label, Buffer.from(bodyText, "utf8"));
}

/** The wrong content types and content encodings. */
function addContentTypeCases(c: Catalogue) {
  const bodyBytes = Buffer.from(c.bodyText, "utf8");
  const contentTypes: [string, string, Buffer][] = [
    ["text/plain", "text/plain", bodyBytes],
    [
      "text/plain; charset=utf-8 with a form",
      "text/plain; charset=utf-8",
      Buffer.from("username=a&password=b"),
    ],
    [
      "form-encoded",
      "application/x-www-form-urlencoded",
      Buffer.from("username=fuzz&password=fuzz&__proto__[isAdmin]=1"),
    ],
    ["form-encoded JSON", "application/x-www-form-urlencoded", bodyBytes],
    [
      "multipart with a made-up boundary",
      "multipart/form-data; boundary=fuzz",
      Buffer.from(
        '--fuzz\r\nContent-Disposition: form-data; name="username"\r\n\r\nfuzz\r\n--fuzz--\r\n',
      ),
    ],
    ["multipart without a boundary", "multipart/form-data", Buffer.from("--x\r\n\r\nnonsense")],
    ["multipart nonsense", "multipart/mixed; boundary=", Buffer.from("\r\n--\r\n--\r\n")],
    ["application/xml", "application/xml", Buffer.from("<a>fuzz</a>")],
    ["upper-case APPLICATION/JSON", "APPLICATION/JSON", bodyBytes],
    [
      "application/json with UTF-16 text",
      "application/json; charset=utf-16",
      Buffer.from(c.bodyText, "utf16le"),
    ],
    ["application/json; charset=iso-8859-1", "application/json; charset=iso-8859-1", bodyBytes],
    ["application/jsonx", "application/jsonx", bodyBytes],
    ["two types in one header", "application/json, text/plain", bodyBytes],
    ["a suffix type", "application/vnd.fuzz+json", bodyBytes],
    ["an 8 KB content type", `application/json; x=${"a".repeat(8000)}`, bodyBytes],
    ["a content type without a subtype", "application", bodyBytes],
    [
      "image/png",
      "image/png",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]),
    ],
    [
      "octet-stream garbage",
      "application/octet-stream",
      Buffer.from("GIF89a<script>alert(1)</script>"),
    ],
    [
      "an SVG called image/webp",
      "image/webp",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
    ],
  ];
  for (const [label, type, bytes] of contentTypes) c.bytes("content-type", label, bytes, type);
  c.add("content-type", "a JSON body without a content type", { headers: {}, body: bodyBytes });
  c.add("content-type", "Content-Encoding gzip on a plain body", {
    headers: { ...JSON_HEADERS, "content-encoding": "gzip" },
    body: bodyBytes,
  });
  c.add("content-type", "Content-Encoding br", {
    headers: { ...JSON_HEADERS, "content-encoding": "br" },
    body: bodyBytes,
  });
}

/** Odd bytes inside the JSON text: invalid and overlong UTF-8, NUL, byte-order marks, UTF-16. */
function addEncodingCases(c: Catalogue) {
  const bodyBytes = Buffer.from(c.bodyText, "utf8");
  const inString = (bytes: number[]) =>
    Buffer.concat([Buffer.from('{"a":"fu'), Buffer.from(bytes), Buffer.from('zz"}')]);
  const encodings: [string, Buffer][] = [
    ["invalid UTF-8 (C3 28)", inString([0xc3, 0x28])],
    ["invalid UTF-8 (FF FE)", inString([0xff, 0xfe])],
    ["an overlong slash (C0 AF)", inString([0xc0, 0xaf])],
    ["an overlong NUL (C0 80)", inString([0xc0, 0x80])],
    ["a CESU-8 surrogate (ED A0 80)", inString([0xed, 0xa0, 0x80])],
    ["a raw NUL byte in a string", inString([0x00])],
    [
      "a raw NUL byte between tokens",
      Buffer.concat([Buffer.from("{"), Buffer.from([0]), Buffer.from('"a":1}')]),
    ],
    ["a truncated 3-byte sequence", inString([0xe2, 0x82])],
    [
      "a byte-order mark before the JSON",
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bodyBytes]),
    ],
    [
      "UTF-16 LE with a BOM",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(c.bodyText, "utf16le")]),
    ],
    ["UTF-32 looking bytes", Buffer.from([0, 0, 0, 0x7b, 0, 0, 0, 0x7d])],
    [
      "the body's own fields as latin1",
      Buffer.from(jsonText(entries(c.bodyEntries.map(([k]) => [k, "caf\u00e9"]))), "latin1"),
    ],
  ];
  for (const [label, bytes] of encodings) c.bytes("encoding", label, bytes);
}

/** The path: each parameter's value, then the path itself (traversal, encodings, length). */
function addPathCases(c: Catalogue) {
  for (const parameter of c.operation.pathParams) {
    for (const [label, value] of PATH_VALUES) {
      c.add("path", `{${parameter.name}} = ${label}`, {
        target: fillPath(c.operation, { [parameter.name]: value }) + queryOf(c.operation),
      });
    }
  }
  const path = fillPath(c.operation);
  const query = queryOf(c.operation);
  const pathVariants: [string, string][] = [
    ["a bad percent-encoding after the path", `${path}%zz`],
    ["a 20,000-character path (above the header limit)", `${path}/${"s".repeat(20_000)}`],
    ["an encoded NUL after the path", `${path}%00`],
    ["../ after the path", `${path}/../../../../etc/passwd`],
    ["encoded ../ after the path", `${path}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`],
    ["an encoded NUL segment", `${path}/%00`],
    ["doubled slashes", path.replaceAll("/", "//")],
    ["a dot segment", path.replace("/api/", "/api/./")],
    ["a matrix parameter", `${path};jsessionid=fuzz`],
    ["upper case", path.toUpperCase()],
    ["a .json suffix", `${path}.json`],
    ["a trailing slash", `${path}/`],
    ["a 4,000-character extra segment", `${path}/${"s".repeat(4000)}`],
    ["raw bytes that are not UTF-8", `${path}/\u00c0\u00af\u00ff`],
    ["a backslash traversal", `${path}/..\\..\\windows`],
    ["a fragment", `${path}#fragment`],
  ];
  for (const [label, target] of pathVariants) c.add("path", label, { target: target + query });
}

/** The query string: each parameter's value, repeated, as an array or object; then unknown keys. */
function addQueryCases(c: Catalogue) {
  const path = fillPath(c.operation);
  for (const parameter of c.operation.queryParams) {
    const name = encodeURIComponent(parameter.name);
    const values: [string, string][] = [
      ["a word", "fuzz"],
      ["empty", ""],
      ["-1", "-1"],
      ["1e999", "1e999"],
      ["0x10", "0x10"],
      ["1.5", "1.5"],
      ["a 10,000-character value", "v".repeat(10_000)],
      ["an encoded NUL", "%00"],
      ["a bad percent-encoding", "%zz"],
      ["an encoded RTL override", encodeURIComponent("\u202Efuzz")],
      ["raw bytes that are not UTF-8", "\u00ff\u00fe"],
      ["SQL", "1'%20OR%20'1'%3D'1"],
    ];
    for (const [label, value] of values) {
      c.add("query", `?${parameter.name} = ${label}`, {
        target: path + queryOf(c.operation, [`${name}=${value}`], parameter.name),
      });
    }
    c.add("query", `?${parameter.name} twice`, {
      target: path + queryOf(c.operation, [`${name}=1`, `${name}=2`], parameter.name),
    });
    c.add("query", `?${parameter.name}[] as an array`, {
      target: path + queryOf(c.operation, [`${name}[]=1`, `${name}[]=2`], parameter.name),
    });
    c.add("query", `?${parameter.name}[a] as an object`, {
      target: path + queryOf(c.operation, [`${name}[a]=1`], parameter.name),
    });
    if (parameter.required) {
      c.add("query", `?${parameter.name} left out`, {
        target: path + queryOf(c.operation, [], parameter.name),
      });
    }
  }
  const queryVariants: [string, string[]][] = [
    ["__proto__ keys", ["__proto__[isAdmin]=true", "__proto__=x"]],
    ["constructor.prototype keys", ["constructor[prototype][isAdmin]=true"]],
    ["500 parameters", Array.from({ length: 500 }, (_, i) => `p${i}=${i}`)],
    ["empty keys and values", ["=", "", "=&=", "a=="]],
    ["an unknown key with a 12,000-character value", [`fuzz=${"q".repeat(12_000)}`]],
    ["an encoded NUL key", ["%00=1"]],
    ["raw bytes that are not UTF-8", ["\u00ff=\u00fe"]],
    ["a semicolon separator", ["a=1;b=2"]],
  ];
  for (const [label, extra] of queryVariants)
    c.add("query", label, { target: path + queryOf(c.operation, extra) });
}

/** Another site's origin (state-changing operations), and the wrong method. */
function addOriginAndMethodCases(c: Catalogue) {
  if (c.operation.mutating) {
    c.add("origin", "no Origin header", { origin: { kind: "none" } });
    c.add("origin", "another site's Origin", {
      origin: { kind: "foreign", value: "https://evil.example" },
    });
    c.add("origin", "Origin: null", { origin: { kind: "foreign", value: "null" } });
    c.add("origin", "the site's Origin with a trailing slash", {
      origin: { kind: "foreign", value: `${c.siteOrigin}/` },
    });
    c.add("origin", "the site's host on another port", {
      origin: { kind: "foreign", value: c.siteOrigin.replace(/:\d+$/, ":1") },
    });
    c.add("origin", "the site's Origin upper-cased", {
      origin: { kind: "foreign", value: c.siteOrigin.toUpperCase() },
    });
    c.add("origin", "no Origin, Sec-Fetch-Site cross-site", {
      origin: { kind: "none" },
      headers: { ...c.baseHeaders, "sec-fetch-site": "cross-site" },
    });
  }
  const otherMethod = c.operation.mutating ? "GET" : "POST";
  c.add("method", `${otherMethod} instead of ${c.operation.method}`, { method: otherMethod });
  c.add("method", "PATCH", { method: "PATCH" });
  c.add("method", "OPTIONS", { method: "OPTIONS" });
  c.add("method", "a method override header", {
    headers: { ...c.baseHeaders, "x-http-method-override": "DELETE" },
  });
  c.add("method", "lower-case method (raw)", {
    raw: {
      requestLine: `${c.operation.method.toLowerCase()} ${c.baseTarget} HTTP/1.1`,
      headerLines: [],
    },
  });
}

/** Builds the variants of one operation, grouped by family. */
function catalogueOf(operation: Operation, siteOrigin: string): Map<Family, FuzzCase[]> {
  const catalogue = new Catalogue(operation, siteOrigin);
  addFieldCases(catalogue);
  addBodyCases(catalogue);
  addContentTypeCases(catalogue);
  addEncodingCases(catalogue);
  addPathCases(catalogue);
  addQueryCases(catalogue);
  addOriginAndMethodCases(catalogue);
  return catalogue.families;
}

/** Requests no operation owns: broken request lines and headers, written as raw bytes. */
function rawHttpCases(): FuzzCase[] {
  const make = (
    label: string,
    requestLine: string,
    headerLines: string[] = [],
    body?: Buffer,
  ): FuzzCase => ({
    endpoint: "raw HTTP",
    family: "raw-http",
    label,
    method: requestLine.split(" ")[0] ?? "GET",
    target: requestLine.split(" ")[1] ?? "/",
    headers: {},
    ...(body ? { body } : {}),
    origin: { kind: "site" },
    raw: { requestLine, headerLines },
  });
  const json = Buffer.from('{"username":"fuzz","password":"fuzz"}');
  return [
    make("a space in the target", "GET /api/he alth HTTP/1.1"),
    make("a NUL in the target", "GET /api/health\u0000 HTTP/1.1"),
    make("a NUL in a header value", "GET /api/auth/me HTTP/1.1", ["X-Fuzz: a\u0000b"]),
    make("a header without a colon", "GET /api/auth/me HTTP/1.1", ["NoColonHere"]),
    make("a header name with a space", "GET /api/auth/me HTTP/1.1", ["Bad Name: 1"]),
    make("a 20 KB header (above the limit)", "GET /api/auth/me HTTP/1.1", [
      `X-Fuzz: ${"h".repeat(20_000)}`,
    ]),
    make("HTTP/9.9", "GET /api/health HTTP/9.9"),
    make("HTTP/0.9 (no version)", "GET /api/health"),
    make("an unknown method", "FUZZ /api/health HTTP/1.1"),
    make("an absolute target on another host", "GET http://evil.example/api/health HTTP/1.1"),
    make("an asterisk target", "GET * HTTP/1.1"),
    make("CONNECT", "CONNECT 127.0.0.1:22 HTTP/1.1"),
    make(
      "two different Content-Lengths",
      "POST /api/auth/login HTTP/1.1",
      ["Content-Type: application/json", `Content-Length: ${json.length}`, "Content-Length: 3"],
      json,
    ),
    make(
      "Content-Length and chunked together",
      "POST /api/auth/login HTTP/1.1",
      [
        "Content-Type: application/json",
        `Content-Length: ${json.length}`,
        "Transfer-Encoding: chunked",
      ],
      json,
    ),
    make(
      "a bad chunk size",
      "POST /api/auth/login HTTP/1.1",
      ["Content-Type: application/json", "Transfer-Encoding: chunked"],
      Buffer.from("zz\r\n{}\r\n0\r\n\r\n"),
    ),
    make(
      "a negative Content-Length",
      "POST /api/auth/login HTTP/1.1",
      ["Content-Type: application/json", "Content-Length: -5"],
      json,
    ),
    make(
      "a Content-Length of 2^64",
      "POST /api/auth/login HTTP/1.1",
      ["Content-Type: application/json", "Content-Length: 18446744073709551616"],
      json,
    ),
    make("an obsolete folded header", "GET /api/auth/me HTTP/1.1", ["X-Fuzz: a", " folded"]),
    make(
      "raw UTF-8 in the target",
      "GET /api/subscriptions/\u00e2\u0080\u00ae\u00f0\u009f\u0092\u00a9 HTTP/1.1",
    ),
    make("a Host header with a path", "GET /api/health HTTP/1.1", [
      "X-Forwarded-Host: evil.example/../",
    ]),
    make("a WebSocket upgrade outside /socket.io/", "GET /api/health HTTP/1.1", [
      "Upgrade: websocket",
      "Connection: Upgrade",
      "Sec-WebSocket-Key: ZnV6emZ1enpmdXp6ZnV6eg==",
      "Sec-WebSocket-Version: 13",
    ]),
    make("an h2c upgrade", "GET /api/auth/me HTTP/1.1", [
      "Upgrade: h2c",
      "Connection: Upgrade, HTTP2-Settings",
      "HTTP2-Settings: AAMAAABkAAQAAP__",
    ]),
  ];
}

/** Puts each operation's cases in an order that walks its families in turn. */
function interleave<T>(groups: T[][]): T[] {
  const result: T[] = [];
  const longest = Math.max(0, ...groups.map((group) => group.length));
  for (let index = 0; index < longest; index++) {
    for (const group of groups) {
      const item = group[index];
      if (item !== undefined) result.push(item);
    }
  }
  return result;
}

/** Flips, deletes or inserts a few bytes of a case's body (or its target, for a case without one). */
function bitflipped(source: FuzzCase, random: Random): FuzzCase {
  const flip = (bytes: Buffer) => {
    const copy = Buffer.from(bytes);
    for (let i = 0, n = 1 + random.int(4); i < n && copy.length > 0; i++) {
      copy[random.int(copy.length)] = random.int(256);
    }
    return copy;
  };
  if (source.body && source.body.length > 0 && source.body.length < 100_000) {
    return {
      ...source,
      family: "bitflip",
      label: `bytes flipped in (${source.label})`,
      body: flip(source.body),
    };
  }
  const target = Buffer.from(source.target, "latin1");
  // Bytes that would end the request line (space, CR, LF, the other controls) go percent-encoded.
  const flipped = [...flip(target)]
    .map((byte) =>
      byte <= 0x20 || byte === 0x7f
        ? `%${byte.toString(16).padStart(2, "0")}`
        : String.fromCharCode(byte),
    )
    .join("");
  return {
    ...source,
    family: "bitflip",
    label: `bytes flipped in the target (${source.label})`,
    target: flipped.startsWith("/") ? flipped : `/${flipped}`,
  };
}

/**
 * The cases for a document: every operation's catalogue, interleaved (operations, then families), and the
 * raw HTTP cases; `count` takes the first so many of them (all by default). Then `flips` random byte flips
 * of catalogue cases.
 */
export function generateCases(
  document: OpenApiDocument,
  options: {
    seed: string;
    siteOrigin: string;
    count?: number;
    flips?: number;
    pathExample?: PathExample;
  },
): GeneratedCases {
  const { operations, skipped } = operationsOf(document, options.pathExample);
  const random = seeded(options.seed);
  // Each operation starts its walk through the families at another one, so a short prefix still holds
  // every family somewhere.
  const perOperation = operations.map((operation, index) => {
    const families = [...catalogueOf(operation, options.siteOrigin).values()];
    const start = index % families.length;
    return interleave([...families.slice(start), ...families.slice(0, start)]);
  });
  const catalogue = [...rawHttpCases(), ...interleave(perOperation)];
  const flippable = catalogue.filter((item) => item.raw === undefined);
  const cases = catalogue.slice(0, options.count ?? catalogue.length);
  for (let i = 0; i < (options.flips ?? 0); i++)
    cases.push(bitflipped(random.pick(flippable), random));
  return { cases, endpoints: endpointsOf(document), skipped };
}

// --- socket.io -----------------------------------------------------------------------------------------

export interface SocketEmit {
  label: string;
  event: string;
  args: unknown[];
  /** Emit with an acknowledgement callback (the server may answer it or not). */
  withAck: boolean;
}

/** JSON.parse keeps `__proto__` as an own key, so socket.io's encoder writes it. */
const protoObject = () =>
  JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}') as unknown;

function nestedObject(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** Payloads sent through socket.io-client's own encoder. */
const SOCKET_PAYLOADS: [string, () => unknown[]][] = [
  ["no payload", () => []],
  ["a number", () => [42]],
  ["NaN", () => [Number.NaN]],
  ["null", () => [null]],
  ["a string", () => ["fuzz"]],
  ["a 100 KB string", () => ["s".repeat(100_000)]],
  ["a 900 KB string", () => ["s".repeat(900_000)]],
  ["an object", () => [{ symbol: "NIFTY", room: "admin" }]],
  ["a nested object 200 deep", () => [nestedObject(200)]],
  ["__proto__ and constructor keys", () => [protoObject()]],
  ["an array", () => [[1, 2, 3]]],
  ["an array of 10,000 items", () => [Array(10_000).fill(0)]],
  ["binary", () => [Buffer.from([0, 1, 2, 255])]],
  ["binary inside an object", () => [{ file: Buffer.alloc(1024, 7), nested: [Buffer.alloc(3)] }]],
  ["several arguments", () => [1, "two", { three: 3 }, [4], null]],
  ["unicode", () => ["\u202Efuzz\u{1F4A9}\u0000\uFFFF"]],
  ["a lone surrogate", () => ["\ud800"]],
];

/**
 * socket.io events: every client event name of the contract, Object.prototype's names, unknown names
 * (long, empty, unicode), each with every payload, with and without an acknowledgement; seeded random
 * combinations after the catalogue, up to `count`.
 */
export function socketEmits(
  clientEvents: string[],
  options: { seed: string; count: number },
): SocketEmit[] {
  const names = [
    ...clientEvents,
    "subscribe",
    "join",
    "admin",
    "constructor",
    "toString",
    "hasOwnProperty",
    "__proto__",
    "error",
    "",
    "e".repeat(10_000),
    "\u202Eget-snapshots",
    "get-snapshots\u0000",
    "GET-SNAPSHOTS",
  ];
  const catalogue: SocketEmit[] = [];
  for (const event of names) {
    for (const [label, payload] of SOCKET_PAYLOADS) {
      for (const withAck of [false, true]) {
        catalogue.push({
          label: `${event.slice(0, 30) || "(empty)"}: ${label}${withAck ? " + ack" : ""}`,
          event,
          args: payload(),
          withAck,
        });
      }
    }
  }
  const random = seeded(options.seed);
  const result = interleave(names.map((name) => catalogue.filter((emit) => emit.event === name)));
  const picked = result.slice(0, options.count);
  while (picked.length < options.count) {
    const event = random.pick(names);
    const [label, payload] = random.pick(SOCKET_PAYLOADS);
    const [label2, payload2] = random.pick(SOCKET_PAYLOADS);
    picked.push({
      label: `${event.slice(0, 30)}: ${label} then ${label2}`,
      event,
      args: [...payload(), ...payload2()],
      withAck: random.next() < 0.5,
    });
  }
  return picked;
}

export interface RawPacket {
  label: string;
  data: string | Buffer;
  /** Sent as a binary frame (otherwise a text frame, even when `data` holds bytes). */
  binary: boolean;
}

/**
 * Engine.io / socket.io packets written by hand over a plain WebSocket (after the engine.io handshake and
 * the `40` connect): truncated, mistyped, reserved event names, unknown namespaces, binary frames without
 * their header, and one above the server's 1 MB packet limit.
 */
export function rawSocketPackets(clientEvents: string[]): RawPacket[] {
  const event = clientEvents[0] ?? "get-snapshots";
  const packets: [string, string | Buffer, boolean?][] = [
    ["a truncated event", `42["${event}",`],
    ["an open bracket", "42["],
    ["an object instead of an array", "42{}"],
    ["a string instead of an array", '42"fuzz"'],
    ["a number as the event name", "42[1,2,3]"],
    ["null as the event name", "42[null]"],
    ["an empty array", "42[]"],
    ["the valid event", `42["${event}"]`],
    ["the valid event with an ack id", `421["${event}"]`],
    ["an ack id beyond 2^53", `4299999999999999999999["${event}"]`],
    ["a negative ack id", `42-1["${event}"]`],
    ["an ack for nothing", "431[]"],
    ["an ack with an object", "431{}"],
    ["a binary event without attachments", `451-["${event}",{"_placeholder":true,"num":0}]`],
    [
      "a binary event claiming 1e9 attachments",
      `451000000000-["${event}",{"_placeholder":true,"num":999}]`,
    ],
    ["a placeholder without binary", `42["${event}",{"_placeholder":true,"num":0}]`],
    ["a binary frame without a header", Buffer.from([1, 2, 3, 4]), true],
    ["the reserved event connect", '42["connect"]'],
    ["the reserved event disconnect", '42["disconnect"]'],
    ["the reserved event newListener", '42["newListener","x"]'],
    ["the event error", '42["error","boom"]'],
    ["__proto__ as the event", '42["__proto__",{"isAdmin":true}]'],
    ["constructor as the event", '42["constructor"]'],
    ["a connect to an unknown namespace", '40/admin,{"token":"x"}'],
    ["an event to an unknown namespace", `42/admin,["${event}"]`],
    ["a connect with an array", "40[1]"],
    ["a second connect", "40"],
    ["a disconnect with a payload", "41{}"],
    ["a connect-error from the client", '44{"message":"x"}'],
    ["an unknown packet type", "49"],
    ["only the engine.io message type", "4"],
    ["an engine.io upgrade", "5"],
    ["an engine.io noop", "6"],
    ["an engine.io probe", "2probe"],
    ["an unknown engine.io type", "9fuzz"],
    ["an empty frame", ""],
    ["nested arrays 100,000 deep", `42["${event}",${"[".repeat(100_000)}${"]".repeat(100_000)}]`],
    ["invalid UTF-8 text", Buffer.from([0x34, 0x32, 0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d])],
    ["a packet above 1 MB", `42["${event}","${"x".repeat(1_100_000)}"]`],
    ["an engine.io close", "1"],
  ];
  return packets.map(([label, data, binary]) => ({ label, data, binary: binary === true }));
}
