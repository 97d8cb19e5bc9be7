/**
 * Statement names by SQL text, shared by every connection of the process (PostgreSQL's pool) and by the embedded
 * database's one session: a session parses a text once and then only binds and executes it (the extended protocol).
 * Capped: texts past the cap (ad-hoc SQL) run unnamed, so neither side keeps an unbounded set of statements.
 */
const STATEMENT_NAMES_MAX = 2000;
const statementNames = new Map<string, string>();

/** Longer texts (a filter with a long `in` list) run unnamed: the map's memory stays bounded by size too. */
const STATEMENT_TEXT_MAX = 16_384;

/**
 * Texts PostgreSQL must plan with each execution's values: the list statements (decision 0026). Named, after five
 * runs PostgreSQL may keep a generic plan, planned without knowing the workspace; at 1M rows such a plan walked the
 * whole primary key for a workspace with few rows (200–700 ms a page where its own plan takes 2 ms). Unnamed, every
 * execution gets its own plan, as the bare baseline's statements do.
 */
const perExecutionTexts = new Set<string>();
const PER_EXECUTION_MAX = 10_000;
export function planPerExecution(text: string): void {
  if (perExecutionTexts.size < PER_EXECUTION_MAX) perExecutionTexts.add(text);
}

/** The name `text` runs under, or undefined when it runs unnamed (planned per execution, too long, past the cap). */
export function statementName(text: string): string | undefined {
  if (text.length > STATEMENT_TEXT_MAX || perExecutionTexts.has(text)) return undefined;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < STATEMENT_NAMES_MAX) {
    name = `fm${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}
