import pkg from "../package.json" with { type: "json" };

/** The server's release version, as shown by /api/health and the OpenAPI document. */
export const VERSION: string = pkg.version;
