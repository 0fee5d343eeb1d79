/**
 * The command line's arguments: positionals, `--name value` or `--name=value` options, and switches (named
 * in `switches`) that take no value.
 */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
  switches: Set<string>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], switches: ReadonlySet<string>): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], options: new Map(), switches: new Set() };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--") || arg === "--") {
      if (arg !== "--") parsed.positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (switches.has(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
      parsed.switches.add(name);
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw new UsageError(`--${name} needs a value.`);
    }
    if (inline === undefined) i += 1;
    parsed.options.set(name, value);
  }
  return parsed;
}
