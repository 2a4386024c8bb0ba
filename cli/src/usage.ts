/** The one usage-error convention of every subcommand: thrown for wrong arguments, printed in one line, exit code 2. */
export class UsageError extends Error {}
