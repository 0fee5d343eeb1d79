import type * as z from "zod/v4/core";

/** A typed description of one API call, shared by the server's route and the web's client. */
export interface Endpoint<
  TResponse extends z.$ZodType = z.$ZodType,
  TBody extends z.$ZodType = z.$ZodType,
> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  response: TResponse;
  body?: TBody;
}
