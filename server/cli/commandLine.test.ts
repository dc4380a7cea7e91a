import { describe, expect, it } from 'vitest';
import { readCommandLine, USAGE_EXIT_CODE, versionLine, type CommandDescription } from './commandLine';

const COMMAND = {
  invocation: 'npm run example --',
  argumentsText: 'FILE',
  positionals: { min: 1, max: 1 },
  summary: 'Does an example thing with FILE.',
  options: {
    photos: { type: 'string', valueName: 'DIR', description: 'where the photos are' },
    dry: { type: 'boolean', short: 'n', description: 'change nothing' },
  },
  environment: ['RVM_DB  the SQLite file'],
  exitCodes: ['0  done', '2  wrong usage'],
} as const satisfies CommandDescription;

function run(argv: string[], command: CommandDescription = COMMAND) {
  const output = { out: '', err: '' };
  const result = readCommandLine(command, argv, {
    out: { write: (text: string) => (output.out += text) },
    err: { write: (text: string) => (output.err += text) },
  });
  return { result, ...output };
}

describe('readCommandLine', () => {
  it('hands the command its options and arguments, in any order', () => {
    const { result, out, err } = run(['--dry', 'machines.csv', '--photos', 'pics']);
    expect(result).toEqual({ run: true, values: { dry: true, photos: 'pics' }, positionals: ['machines.csv'] });
    expect(out + err).toBe('');
    expect(run(['-n', '--photos=pics', 'a.json']).result).toMatchObject({ values: { dry: true, photos: 'pics' } });
  });

  it.each([['--help'], ['-h'], ['machines.csv', '--help'], ['--help', '--no-such-option']])(
    '%s prints the help on stdout and exits 0, before anything else is read',
    (...argv) => {
      const { result, out, err } = run(argv);
      expect(result).toEqual({ run: false, exitCode: 0 });
      expect(err).toBe('');
      expect(out).toBe(
        [
          'usage: npm run example -- [options] FILE',
          '',
          'Does an example thing with FILE.',
          '',
          'Options:',
          '      --photos DIR  where the photos are',
          '  -n, --dry         change nothing',
          '  -h, --help        print this help and exit',
          '  -v, --version     print the version and exit',
          '',
          'Environment:',
          '  RVM_DB  the SQLite file',
          '',
          'Exit codes:',
          '  0  done',
          '  2  wrong usage',
          '',
        ].join('\n'),
      );
    },
  );

  it('--version prints the package version, the commit and Node on one line and exits 0', () => {
    const { result, out } = run(['--version']);
    expect(result).toEqual({ run: false, exitCode: 0 });
    expect(out).toBe(`${versionLine()}\n`);
    expect(out).toMatch(/^rvm-locator \S+ \(commit \S+, Node v\d+\.\d+\.\d+\)\n$/);
    expect(run(['-v']).out).toBe(out);
  });

  it.each([
    [['--frobnicate', 'a.csv'], 'npm run example: unknown option --frobnicate'],
    [['-x', 'a.csv'], 'npm run example: unknown option -x'],
    [['a.csv', '--photos'], 'npm run example: option --photos needs a value'],
    [['--dry=yes', 'a.csv'], 'npm run example: option --dry takes no value'],
    [[], 'npm run example: an argument is missing'],
    [['a.csv', 'b.csv'], 'npm run example: too many arguments: b.csv'],
  ])('refuses %j with a message, the usage line and exit code 2', (argv, message) => {
    const { result, out, err } = run(argv);
    expect(result).toEqual({ run: false, exitCode: USAGE_EXIT_CODE });
    expect(USAGE_EXIT_CODE).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`${message}\nusage: npm run example -- [options] FILE\nTry --help for more.\n`);
  });

  it('names extra arguments of a command that takes none, and leaves out [options] when it has none', () => {
    const none = { invocation: 'npm start --', argumentsText: '', positionals: { min: 0, max: 0 }, summary: 'Serves.' };
    const { result, err } = run(['now'], none);
    expect(result).toEqual({ run: false, exitCode: 2 });
    expect(err).toBe('npm start: takes no arguments, got: now\nusage: npm start --\nTry --help for more.\n');
    expect(run([], none).result).toEqual({ run: true, values: {}, positionals: [] });
  });
});
