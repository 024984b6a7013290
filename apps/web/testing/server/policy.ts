/** A Content-Security-Policy header as a map of directive name to its sources, for assertions. */
export function directivesOf(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts): parts is [string, ...string[]] => parts[0] !== undefined && parts[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}
