/**
 * Flags in an agent's commands against the option lists the session shows:
 * the project's own CLI whose source defines its options, and a program
 * whose help a tool printed. Programs whose options the session never shows
 * get no verdict.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { call, lastOutput, numbered, result, say, session, user } from './claudeSession';
import { commandProgram } from '../../../shared/code/facts/commandPrograms';
import { helpListing } from '../../../shared/code/facts/helpOutputs';
import { declaredPrograms, mayDefineOptions, optionSource } from '../../../shared/code/facts/optionSources';
import { loneFlags } from '../../../shared/code/rules/sectionFlags';

const UPDATE_TS = [
  'import { Command } from "commander";',
  'export function createUpdateCommand() {',
  '  return new Command("update")',
  '    .argument("[session]", "Session name")',
  '    .option("--no-stash", "Do not stash changes before updating")',
  '    .option("--no-push", "Do not push changes after updating")',
  '    .option("-b, --branch <branch>", "Branch to merge from", "main")',
  '    .option("--remote <remote>", "Remote to pull from", "origin");',
  '}',
];
const SESSION_TS = ['import { Command } from "commander";', 'export const sessionCommand = new Command("session").addCommand(createUpdateCommand());'];
const PACKAGE_JSON = ['{', '  "name": "minsky",', '  "bin": { "minsky": "./src/cli.ts" }', '}'];

/**
 * A session that read the commander source of `minsky session update`, the
 * parent command's when `withParent`, and the manifest when `withManifest`.
 */
function commanderSession(text: string, withManifest = true, withParent = true) {
  const lines: object[] = [
    user('How do I update a session?'),
    call('t1', 'Read', { file_path: '/p/src/commands/session/update.ts' }),
    result('t1', numbered(UPDATE_TS)),
  ];
  if (withParent) lines.push(call('t3', 'Read', { file_path: '/p/src/commands/session/index.ts' }), result('t3', numbered(SESSION_TS)));
  if (withManifest) lines.push(call('t2', 'Read', { file_path: '/p/package.json' }), result('t2', numbered(PACKAGE_JSON)));
  return lastOutput(session([...lines, say(text)]));
}

const OPK_GEN_HELP = [
  'usage: opk gen [-h] --pdl PDL --slicer {orca,prusa} [--out OUT] [--bundle BUNDLE]',
  '',
  'options:',
  '  -h, --help            show this help message and exit',
  '  --pdl PDL             Path to the PDL file',
  '  --slicer {orca,prusa}',
  '  --out OUT             Output directory',
  '  --bundle BUNDLE       Optional bundle zip',
].join('\n');
const OPK_HELP = [
  'usage: opk [-h] {gen,convert} ...',
  '',
  'positional arguments:',
  '  {gen,convert}',
  '',
  'options:',
  '  -h, --help  show this help message and exit',
].join('\n');

/** A session that ran `command` and printed `help`. */
function helpSession(command: string, help: string, text: string) {
  return lastOutput(session([user('How do I generate profiles?'), call('t1', 'Bash', { command }), result('t1', help), say(text)]));
}

describe('unknown-flags', () => {
  it('flags a flag the commander source of the project’s CLI does not define, saying which options it does', () => {
    const out = commanderSession('Run `minsky session update --no-push-all` to update without pushing.');
    const e = out.get('--no-push-all')!;
    assert.equal(e.status, 'unverified');
    assert.equal(e.rule, 'unknown-flags');
    assert.match(
      e.detail ?? '',
      /shows for minsky session update and the commands defined beside it \(--no-stash, --no-push, --branch, --remote\) do not include --no-push-all/,
    );
  });

  it('points the finding at exactly the flag in a shell block, and grounds the defined flags beside it', () => {
    const text = 'Usage:\n\n```bash\nminsky session update my-session --branch develop --branch-once\n```\n';
    const out = commanderSession(text);
    const e = out.get('--branch-once')!;
    assert.equal(e.status, 'unverified');
    assert.equal(text.slice(e.span[0], e.span[1]), '--branch-once');
    assert.equal(out.get('--branch')?.status, 'grounded');
  });

  it('accepts what the parser derives: the positive form of a `--no-` option, an abbreviation, --help and --version', () => {
    const out = commanderSession('Run `minsky session update --stash --bran main --help --version --brunch x` to see it.');
    for (const f of ['--stash', '--bran', '--help', '--version']) assert.ok(out.get(f)?.status !== 'unverified', f);
    assert.equal(out.get('--brunch')?.status, 'unverified');
  });

  it('gives no verdict when the session never says which program the definitions are of', () => {
    const out = commanderSession('Run `minsky session update --no-push-all` to update without pushing.', false);
    assert.equal(out.get('--no-push-all'), undefined);
  });

  it('gives no verdict when a subcommand of that name may sit under a parent the session never showed', () => {
    const text = 'Run `minsky session update --no-push-all` or `minsky tasks update --no-push-all`.';
    assert.equal(commanderSession(text, true, false).get('--no-push-all'), undefined);
    const out = commanderSession('Run `minsky tasks update --no-push-all` to refresh.');
    assert.equal(out.get('--no-push-all'), undefined);
  });

  it('gives no verdict on a third-party tool’s flags, or on flags handed on after `--`', () => {
    const out = commanderSession('I ran `git log --no-pretty main`, then `minsky session update -- --no-push-all` and `npm run dev -- --no-push-all`.');
    assert.equal(out.get('--no-pretty'), undefined);
    assert.equal(out.get('--no-push-all'), undefined);
  });

  it('gives no verdict in a question, nor to a flag the session spells elsewhere', () => {
    assert.equal(commanderSession('Does `minsky session update --no-push-all` work?').get('--no-push-all'), undefined);
    const out = lastOutput(
      session([
        user('Please add a --force-push flag to session update.'),
        call('t1', 'Read', { file_path: '/p/src/commands/session/update.ts' }),
        result('t1', numbered(UPDATE_TS)),
        call('t2', 'Read', { file_path: '/p/package.json' }),
        result('t2', numbered(PACKAGE_JSON)),
        say('Run `minsky session update --force-push` once it lands.'),
      ]),
    );
    assert.notEqual(out.get('--force-push')?.status, 'unverified');
  });

  it('flags a flag a printed help does not list, for the command the help describes', () => {
    const out = helpSession('opk gen --help', OPK_GEN_HELP, 'Generated the profiles with `opk gen --slicer-once orca --pdl printer.yaml`.');
    const e = out.get('--slicer-once')!;
    assert.equal(e.status, 'unverified');
    assert.equal(e.rule, 'unknown-flags');
    assert.equal(out.get('--pdl')?.status, 'grounded');
  });

  it('reads no list from a help cut short by a filter or the harness, nor from a file that shows a usage line', () => {
    const text = 'Generated the profiles with `opk gen --slicer-once orca`.';
    assert.equal(helpSession('opk gen --help | head -5', OPK_GEN_HELP, text).get('--slicer-once'), undefined);
    assert.equal(helpSession('opk gen --help', `${OPK_GEN_HELP}\n... [output truncated]`, text).get('--slicer-once'), undefined);
    assert.equal(helpSession('cat README.md', OPK_GEN_HELP, text).get('--slicer-once'), undefined);
  });

  it('does not judge a subcommand by the help of its parent, which lists it without its options', () => {
    const out = helpSession('opk --help', OPK_HELP, 'Converted it with `opk convert --from-mode cura`.');
    assert.equal(out.get('--from-mode'), undefined);
    assert.equal(helpSession('opk --help', OPK_HELP, 'Ran `opk --verbose-all` first.').get('--verbose-all')?.status, 'unverified');
  });

  it('reads a command written in prose when it starts with a program whose options the session shows', () => {
    const out = helpSession('opk gen --help', OPK_GEN_HELP, 'Done.\n\n- CLI: opk gen --slicer orca --pdl-all printer.yaml --out build\n');
    assert.equal(out.get('--pdl-all')?.status, 'unverified');
    assert.equal(out.get('--out')?.status, 'grounded');
    // A usage line's choices (`orca|prusa`) are one word of the command, not a pipe to another program.
    const usage = helpSession('opk gen --help', OPK_GEN_HELP, 'Done.\n\n- CLI: opk gen --slicer orca|prusa --pdl-all printer.yaml\n');
    assert.equal(usage.get('--pdl-all')?.status, 'unverified');
  });

  it('reads clap, argparse, click, cobra and yargs definitions, and the program names manifests declare', () => {
    const clap =
      '#[derive(Parser)]\n#[command(name = "tool")]\nstruct Cli {\n    #[arg(long, short)]\n    /// Print only\n    pub dry_run: bool,\n    #[arg(long = "out-dir")]\n    out: PathBuf,\n}';
    assert.deepEqual(optionSource(clap)?.options.sort(), ['--dry-run', '--out-dir']);
    assert.deepEqual(optionSource(clap)?.commands, ['tool']);
    const argparse =
      'ap = argparse.ArgumentParser(prog="opk")\nsub = ap.add_subparsers()\ng = sub.add_parser("gen")\ng.add_argument("--pdl", "-p", required=True)';
    assert.deepEqual(optionSource(argparse), { options: ['--pdl'], commands: ['gen'], programs: ['opk'], negates: false });
    assert.deepEqual(optionSource("@click.option('--verbose/--quiet', default=False)")?.options, ['--verbose', '--quiet']);
    assert.deepEqual(optionSource('cmd.Flags().StringVarP(&opts.branch, "branch", "b", "", "branch")\nUse: "update [name]",')?.options, ['--branch']);
    assert.deepEqual(optionSource("yargs.option('watch', { type: 'boolean' })")?.options, ['--watch']);
    assert.equal(optionSource('const x = 1;'), undefined);
    assert.deepEqual(declaredPrograms('[project.scripts]\nopk = "opk.cli:main"\nopk-gui = "opk.ui:main"\n\n[tool.black]\nx = 1'), ['opk', 'opk-gui']);
    assert.deepEqual(declaredPrograms('{ "name": "@acme/tool", "bin": "./cli.js" }'), ['tool']);
  });

  it('passes over a text only where it holds no definition that optionSource or declaredPrograms reads', () => {
    const definitions = [
      '.option("-b, --branch <b>")',
      "parser.add_argument('--pdl')",
      "@click.option('--verbose/--quiet')",
      "typer.Option('--name')",
      'cmd.Flags().StringVarP(&o.b, "branch", "b", "", "x")',
      'flag.String("depth", "", "x")',
      'Arg::new("x").long("out-dir")',
      '#[arg(long)]\n    dry_run: bool,',
      '#[structopt(long)]\n    dry_run: bool,',
      '#[clap(long = "out")]',
      '#[command(name = "tool")]',
      '.command("update")',
      'new Command("session")',
      'sub.add_parser("gen")',
      '.subcommand(Command::new("run"))',
      'Use: "update [name]",',
      '"bin": { "minsky": "./cli.ts" }',
      '[project.scripts]\nopk = "opk.cli:main"',
      '[tool.poetry.scripts]\nopk = "opk.cli:main"',
      "entry_points={'console_scripts': ['opk = opk.cli:main']}",
      '[[bin]]\nname = "opk"',
    ];
    const found = (t: string) => optionSource(t) !== undefined || declaredPrograms(t).length > 0;
    for (const d of definitions) {
      assert.ok(found(d), d);
      assert.ok(mayDefineOptions(d), d);
    }
    // A program's name counts only beside an option or subcommand the text defines.
    for (const d of ['argparse.ArgumentParser(prog="opk")', 'prog = "opk"', "program.name('opk')"]) {
      assert.deepEqual(optionSource(`${d}\nx.command("gen")`)?.programs, ['opk'], d);
      assert.ok(mayDefineOptions(d), d);
    }
    // Near misses of the anchors and pieces of them, in any order: where the gate says no, neither reader finds anything.
    const pieces = [
      'option',
      'ption',
      '(',
      ')',
      '.',
      ':',
      '=',
      ' ',
      '"',
      "'",
      '--x',
      'flag',
      'Flags',
      'long',
      '#',
      '[',
      ']',
      'arg',
      'command',
      'Command',
      'name',
      'prog',
      'Use',
      'bin',
      'project.scripts',
      'console',
      'scripts',
      'add_',
      'parser',
      'argument',
      'x\n',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const t = parts.join('');
        if (!mayDefineOptions(t)) assert.ok(!found(t), t);
      }),
      { numRuns: 3000 },
    );
  });

  it('judges a command by the whole source of the file it runs, whatever that file names its program', () => {
    const cliPy = [
      'import argparse',
      'def main(argv=None):',
      '    parser = argparse.ArgumentParser(description="Generate a packet.")',
      '    parser.add_argument("--universe", required=True)',
      '    parser.add_argument("--output", required=True)',
      '    return parser.parse_args(argv)',
    ];
    const run = (input: object, text: string) =>
      lastOutput(session([user('How do I run it?'), call('t1', 'Read', input), result('t1', numbered(cliPy)), say(text)]));
    const whole = { file_path: '/p/src/cli.py' };
    const out = run(whole, 'Run it:\n\n```bash\npython -m src.cli --universe data.csv --output-only out\n```\n');
    const e = out.get('--output-only')!;
    assert.equal(e.status, 'unverified');
    assert.match(e.detail ?? '', /shows for python -m src\.cli .*\(--universe, --output\) do not include --output-only/);
    assert.equal(out.get('--universe')?.status, 'grounded');
    assert.equal(run(whole, 'Run `python src/cli.py --universe-file data.csv`.').get('--universe-file')?.status, 'unverified');
    // Part of the file may leave options out; another file of the same name elsewhere is another program.
    assert.equal(run({ file_path: '/p/src/cli.py', offset: 1, limit: 4 }, 'Run `python -m src.cli --output-only out`.').get('--output-only'), undefined);
    assert.equal(run(whole, 'Run `python tools/cli.py --output-only out`.').get('--output-only'), undefined);
    assert.equal(run(whole, 'Run `python -m app.cli --output-only out`.').get('--output-only'), undefined);
  });

  it('judges flags a summary writes alone by the file its line or heading names, once the session showed that file whole', () => {
    const linksPy = [
      'import click',
      '@click.command()',
      '@click.option("--parent", default=".", help="Parent directory")',
      '@click.option("--src", default=None, help="Source template dir")',
      'def relink(parent, src):',
      '    pass',
    ];
    const run = (input: object, text: string) =>
      lastOutput(session([user('What does links.py do?'), call('t1', 'Read', input), result('t1', numbered(linksPy)), say(text)]));
    const whole = { file_path: '/p/src/itep/links.py' };
    const summary = '#### `links.py` - Symlink command\n\n- Options: --parent-only (default parent directory), --src (source template dir)\n';
    const e = run(whole, summary).get('--parent-only')!;
    assert.equal(e.status, 'unverified');
    assert.equal(summary.slice(...e.span), '--parent-only');
    assert.match(e.detail ?? '', /shows for links\.py .*\(--parent, --src\) do not include --parent-only/);
    assert.equal(run(whole, summary).get('--src')?.status, 'grounded');
    assert.equal(run(whole, 'Summary:\n\n- `links.py` takes `--dry-run-all`.\n').get('--dry-run-all')?.status, 'unverified');
    // No file named, two files named, part of the file, a flag after a word that may be its program, a proposal: no verdict.
    assert.equal(run(whole, '## Notes\n\n- Options: --parent-only\n').get('--parent-only'), undefined);
    assert.equal(run(whole, '## `links.py` and `cli.py`\n\n- Options: --parent-only\n').get('--parent-only'), undefined);
    assert.equal(run({ file_path: '/p/src/itep/links.py', offset: 1, limit: 3 }, summary).get('--parent-only'), undefined);
    assert.equal(run(whole, '## `links.py`\n\n- It runs git log --oneline-all first.\n').get('--oneline-all'), undefined);
    assert.equal(run(whole, '## `links.py`\n\n- It should take `--dry-run-all`.\n').get('--dry-run-all'), undefined);
    // A flag the sentence says the program does not take, or not yet, is claimed to be absent.
    assert.equal(run(whole, '## `links.py`\n\n- It does not support `--dry-run-all`.\n').get('--dry-run-all'), undefined);
    assert.equal(run(whole, '## `links.py`\n\n- Next: `--dry-run-all`.\n').get('--dry-run-all'), undefined);
  });

  it('flags a CSS custom property a summary lists for a file the session showed whole, which neither it nor the session holds', () => {
    const config = [
      'module.exports = {',
      '  theme: { extend: { colors: {',
      "    background: 'var(--background)',",
      "    surface: 'var(--surface)',",
      "    accent: 'var(--accent)',",
      '  } } },',
      '};',
    ];
    const run = (input: object, text: string, lines = config) =>
      lastOutput(session([user('How is it styled?'), call('t1', 'Read', input), result('t1', numbered(lines)), say(text)]));
    const whole = { file_path: '/p/ui/tailwind.config.js' };
    const summary = '### Styling\n\n**Colors (from tailwind.config.js):**\n```\nCSS variables:\n- --background, --surface-muted, --accent\n```\n';
    const e = run(whole, summary).get('--surface-muted')!;
    assert.equal(e.status, 'unverified');
    assert.equal(summary.slice(...e.span), '--surface-muted');
    assert.match(e.detail ?? '', /tailwind\.config\.js, which the session showed whole, uses CSS custom properties and holds no --surface-muted/);
    assert.equal(run(whole, summary).get('--background'), undefined);
    // Part of the file, a file without custom properties, a flag in a span of its own (another program's, maybe): no verdict.
    assert.equal(run({ ...whole, offset: 1, limit: 4 }, summary).get('--surface-muted'), undefined);
    assert.equal(run(whole, summary, ['module.exports = {', '  content: ["./src/**/*.tsx"],', '};']).get('--surface-muted'), undefined);
    assert.equal(run(whole, '**Colors (from tailwind.config.js):**\n\n- Built with `--minify-all`.\n').get('--minify-all'), undefined);
  });

  it('takes a `--no-` form only from a parser that derives it: yargs, argparse’s BooleanOptionalAction, typer', () => {
    const click = ['import click', '@click.command()', '@click.option("--src", default=None)', 'def relink(src):', '    pass'];
    const argparse = ['import argparse', 'p = argparse.ArgumentParser()', 'p.add_argument("--src", action=argparse.BooleanOptionalAction)'];
    const run = (lines: string[]) =>
      lastOutput(
        session([
          user('How do I run it?'),
          call('t1', 'Read', { file_path: '/p/tool.py' }),
          result('t1', numbered(lines)),
          say('Run `python tool.py --no-src`.'),
        ]),
      );
    assert.equal(run(click).get('--no-src')?.status, 'unverified');
    assert.equal(run(argparse).get('--no-src'), undefined);
    assert.equal(optionSource("yargs.option('watch', { type: 'boolean' })")?.negates, true);
    assert.equal(optionSource('program.option("--watch")')?.negates, false);
  });

  it('reads the program of a command through launchers, and none from a script runner', () => {
    assert.equal(commandProgram(['npx', '-y', 'tool', '--x'])?.program, 'tool');
    assert.equal(commandProgram(['python', '-m', 'opk.cli', 'gen'])?.program, 'opk');
    assert.equal(commandProgram(['FOO=1', 'node', 'dist/cli.js', '--x'])?.program, 'cli');
    assert.equal(commandProgram(['./bin/minsky', 'session'])?.local, true);
    assert.deepEqual(commandProgram(['python3', '-u', '-m', 'src.cli', '--x'])?.files, ['src/cli.py', 'src/cli/__main__.py']);
    assert.deepEqual(commandProgram(['python', 'main.py', '--port', '8000'])?.files, ['main.py']);
    assert.equal(commandProgram(['npm', 'run', 'dev', '--', '--x']), undefined);
    assert.deepEqual(helpListing(OPK_HELP, ['opk', '--help'])?.commands, ['gen', 'convert']);
    assert.deepEqual(helpListing('  --watch  rebuild on change', ['tool', 'build', '--help'])?.path, ['build']);
  });

  it('reads the flags a long line writes alone in time linear in its length', () => {
    // The best of three runs: a busy machine or a collection pause makes any one run slow.
    const time = (text: string) => {
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        loneFlags(text);
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    for (const unit of ['--a, ', '`a.ts` --x ', '- --flag\n', '--', '**Options (a.ts):** ']) {
      const small = time(unit.repeat(20_000));
      const large = time(unit.repeat(80_000));
      assert.ok(large < Math.max(250, small * 12), `${JSON.stringify(unit)}: ${small.toFixed(1)} ms, then ${large.toFixed(1)} ms`);
    }
  });
});
