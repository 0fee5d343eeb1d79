/**
 * Every answer is written from its route's response schema (decision 022). Each zod schema becomes a JSON
 * Schema once, when its route is registered, and fast-json-stringify writes exactly the properties it names:
 * a field a route did not mean to return (a password hash on a row) never leaves the server, as with zod's
 * stripping, without zod parsing every answer again.
 *
 * Under test (`check`), each answer is also parsed with its zod schema first, so a route that drifts from
 * its contract fails the suites; production does not pay that on every request. An answer kept for many
 * readers is sent in `keptSuccess`'s envelope: its text is then written once and reused while it is kept.
 */
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { $ZodType, safeEncode, toJSONSchema } from "zod/v4/core";
import { isKept } from "../lib/kept-answers";

export class ResponseContractError extends Error {
  override readonly name = "ResponseContractError";
}

/** A route's response schema: a zod schema, or fastify's `{ properties: zodSchema }` wrapping of one. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (schema && typeof schema === "object" && "properties" in schema) {
    const inner = (schema as { properties: unknown }).properties;
    if (inner instanceof $ZodType) return inner;
  }
  throw new TypeError("A response schema must be a zod schema");
}

const ABSENT = "x-kalpa-absent";
/** What zod cannot write as JSON Schema (its documentation's list). */
const UNREPRESENTABLE = new Set([
  "bigint",
  "int64",
  "symbol",
  "void",
  "date",
  "map",
  "set",
  "transform",
  "nan",
  "custom",
  "function",
]);

/**
 * A response schema as JSON Schema. A property that is always undefined (`data: z.undefined()` in a
 * message-only answer) has no JSON form: it is left out of the object, as JSON.stringify leaves it out.
 * Objects do not say `additionalProperties: false`: unlisted properties are never written anyway.
 */
export function jsonSchemaOf(schema: $ZodType): object {
  const json = toJSONSchema(schema, {
    io: "output",
    target: "draft-07",
    // Zod checks what it cannot represent before an override sees it: the override throws instead.
    unrepresentable: "any",
    override(context) {
      const type = context.zodSchema._zod.def.type;
      if (type === "undefined") context.jsonSchema[ABSENT] = true;
      else if (UNREPRESENTABLE.has(type)) {
        throw new TypeError(`A response schema cannot hold a ${type}: JSON has no such value`);
      }
    },
  });
  return dropAbsent(json) as object;
}

function dropAbsent(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropAbsent);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node as Record<string, unknown>);
  if (entries.some(([key]) => key === ABSENT)) {
    throw new TypeError("undefined can only be an object's property in a response schema");
  }
  const result: Record<string, unknown> = {};
  const absent = new Set<string>();
  for (const [key, child] of entries) {
    // fast-json-stringify writes only the listed properties either way; `false` would also make a union's
    // branch refuse an answer with an extra field, where zod picks the branch and strips the field.
    if (key === "additionalProperties" && child === false) continue;
    if (key === "properties" && child && typeof child === "object") {
      const kept: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(child)) {
        if (property && typeof property === "object" && ABSENT in property) absent.add(name);
        else kept[name] = dropAbsent(property);
      }
      result[key] = kept;
    } else {
      result[key] = dropAbsent(child);
    }
  }
  if (Array.isArray(result.required)) {
    result.required = result.required.filter((name) => !absent.has(String(name)));
  }
  return result;
}

export function responseSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema: routeSchema, method, url }) => {
    const schema = zodSchemaOf(routeSchema);
    const stringify = fastJson(jsonSchemaOf(schema));
    // The text of each kept answer this route has written, while the answer is kept.
    const texts = new WeakMap<object, string>();
    return (data) => {
      const kept = isKept(data);
      if (kept) {
        const text = texts.get(data);
        if (text !== undefined) return text;
      }
      if (options.check) {
        const result = safeEncode(schema, data);
        if (result.error) {
          throw new ResponseContractError(
            `${method} ${url}: the answer does not match its response schema: ${result.error.message}`,
          );
        }
      }
      const text = stringify(data);
      if (kept) texts.set(data, text);
      return text;
    };
  };
}
