import { parseArgs } from 'node:util';
import { BUILD_INFO } from '../buildInfo';

/** One option a command takes besides `--help` and `--version`. */
export interface CommandOption {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** What the value is called in the help, e.g. `DIR` (string options only). */
  readonly valueName?: string;
  readonly description: string;
}

export type CommandOptions = Readonly<Record<string, CommandOption>>;

/** What `--help` prints, and what the command line may hold. */
export interface CommandDescription<O extends CommandOptions = CommandOptions> {
  /** How the operator runs it, e.g. `npm run import --`. */
  readonly invocation: string;
  /** The arguments after the options, as the usage line names them, e.g. `FILE.csv|FILE.json`; '' for none. */
  readonly argumentsText: string;
  readonly positionals: { readonly min: number; readonly max: number };
  /** What it does, a few lines. */
  readonly summary: string;
  readonly options?: O;
  /** `NAME  meaning` lines for the environment variables it reads. */
  readonly environment?: readonly string[];
  /** `N  meaning` lines. */
  readonly exitCodes?: readonly string[];
}

/** Wrong usage: an unknown option, a missing or extra argument. */
export const USAGE_EXIT_CODE = 2;

type OptionValue<T extends CommandOption> = T['type'] extends 'string' ? string : boolean;
export type OptionValues<O extends CommandOptions> = { readonly [K in keyof O]?: OptionValue<O[K]> };

export type CommandLine<O extends CommandOptions> =
  | { readonly run: true; readonly values: OptionValues<O>; readonly positionals: readonly string[] }
  /** `--help`, `--version` (0) or wrong usage (2): the message is printed, the command exits with this code. */
  | { readonly run: false; readonly exitCode: number };

export interface CommandOutput {
  readonly out: { write(text: string): unknown };
  readonly err: { write(text: string): unknown };
}

const STANDARD_OPTIONS = {
  help: { type: 'boolean', short: 'h', description: 'print this help and exit' },
  version: { type: 'boolean', short: 'v', description: 'print the version and exit' },
} as const satisfies CommandOptions;

/** `rvm-locator 0.1.0 (commit 4fd8429, Node v24.21.0)`. */
export const versionLine = (): string =>
  `rvm-locator ${BUILD_INFO.version} (commit ${BUILD_INFO.commit}, Node ${process.version})`;

/**
 * Reads a command's arguments with node:util's parseArgs: `--help` and `--version` print and exit 0; an unknown
 * option, or too few or too many arguments, prints what is wrong and the usage line and exits 2. Nothing is read
 * from the environment or the disk before the command line is known to be right.
 */
export function readCommandLine<const O extends CommandOptions>(
  command: CommandDescription<O>,
  argv: readonly string[],
  output: CommandOutput = { out: process.stdout, err: process.stderr },
): CommandLine<O> {
  const options = { ...command.options, ...STANDARD_OPTIONS };
  const refuse = (problem: string): CommandLine<O> => {
    const name = command.invocation.replace(/ --$/, '');
    output.err.write(`${name}: ${problem}\n${usageLine(command)}\nTry --help for more.\n`);
    return { run: false, exitCode: USAGE_EXIT_CODE };
  };
  // --help and --version win over anything else on the line, a wrong option included.
  const end = argv.indexOf('--');
  const before = end < 0 ? argv : argv.slice(0, end);
  if (before.some((word) => word === '--help' || word === '-h')) {
    output.out.write(helpText(command, options));
    return { run: false, exitCode: 0 };
  }
  if (before.some((word) => word === '--version' || word === '-v')) {
    output.out.write(`${versionLine()}\n`);
    return { run: false, exitCode: 0 };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries(options).map(([name, { type, short }]) => [name, short ? { type, short } : { type }]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return refuse(parseProblem(error));
  }
  const { values, positionals } = parsed;
  const { min, max } = command.positionals;
  if (positionals.length < min) return refuse(min === 1 ? 'an argument is missing' : 'arguments are missing');
  if (positionals.length > max) {
    const extra = positionals.slice(max).join(' ');
    return refuse(max === 0 ? `takes no arguments, got: ${extra}` : `too many arguments: ${extra}`);
  }
  return { run: true, values: values as OptionValues<O>, positionals };
}

/** parseArgs's own message, shortened to what is wrong (it also explains `--`, which the usage line covers). */
function parseProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  // '-x', '--photos <value>' or '-n, --dry': the option as the operator would type it.
  const option = /'([^']+)'/.exec(error.message)?.[1]?.split(', ').at(-1)?.replace(' <value>', '');
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    return error.message.includes('argument missing')
      ? `option ${option} needs a value`
      : `option ${option} takes no value`;
  }
  return error.message;
}

function usageLine(command: CommandDescription): string {
  const args = command.argumentsText ? ` ${command.argumentsText}` : '';
  const options = Object.keys(command.options ?? {}).length > 0 ? ' [options]' : '';
  return `usage: ${command.invocation}${options}${args}`;
}

function helpText(command: CommandDescription, options: CommandOptions): string {
  const optionRows = Object.entries(options).map(([name, option]) => {
    const short = option.short ? `-${option.short}, ` : '    ';
    const value = option.type === 'string' ? ` ${option.valueName ?? 'VALUE'}` : '';
    return [`${short}--${name}${value}`, option.description];
  });
  const sections = [
    usageLine(command),
    command.summary,
    `Options:\n${table(optionRows)}`,
    command.environment?.length ? `Environment:\n${table(command.environment.map(splitRow))}` : '',
    command.exitCodes?.length ? `Exit codes:\n${table(command.exitCodes.map(splitRow))}` : '',
  ];
  return `${sections.filter(Boolean).join('\n\n')}\n`;
}

/** `NAME  meaning` into its two columns. */
const splitRow = (row: string): string[] => {
  const at = row.indexOf('  ');
  return at < 0 ? [row, ''] : [row.slice(0, at), row.slice(at).trim()];
};

function table(rows: readonly string[][]): string {
  const width = Math.max(...rows.map(([first = '']) => first.length));
  return rows.map(([first = '', second = '']) => `  ${first.padEnd(width)}  ${second}`.trimEnd()).join('\n');
}
