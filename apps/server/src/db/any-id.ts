/**
 * `column = any($1)`: a set of ids as one bigint[] parameter, where `inArray` makes one parameter each.
 * For the reads and writes of hundreds or thousands of rows at once (an alert's audience, the access of
 * a batch of users): fewer bytes to build and parse, and no limit of 65,535 parameters per statement.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

export function anyId(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::bigint[])`;
}
