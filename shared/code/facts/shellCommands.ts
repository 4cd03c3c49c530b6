/**
 * Reads the shell commands a coding agent ran, enough to know what their
 * output shows: which file `nl -ba src/a.ts | sed -n '40,80p'` listed, which
 * file a heredoc wrote. Not a shell: quotes, escapes, operators and heredocs
 * are tokenised; expansions and substitutions stay literal text.
 *
 * One forward scan over the command, so the cost is linear in its length.
 */

export interface SimpleCommand {
  argv: string[];
  /** `> file` / `>> file` target, when the command writes one. */
  writes?: string;
  /** Body of a `<<EOF` heredoc fed to this command. */
  heredoc?: string;
}

/** Commands joined by `|`; a pipeline's output is its last command's. */
export type Pipeline = SimpleCommand[];

/** Longest command text read; agents' commands are short, scripts pasted as commands are not checked further. */
const MAX_COMMAND = 64 * 1024;

/**
 * The pipelines of a command line, in order. `bash -lc "…"` and `sh -c '…'`
 * wrappers are opened so the inner script is what is returned.
 */
export function parseShell(command: string): Pipeline[] {
  const pipelines = tokenize(command.length > MAX_COMMAND ? command.slice(0, MAX_COMMAND) : command);
  if (pipelines.length === 1 && pipelines[0].length === 1) {
    const inner = wrappedScript(pipelines[0][0].argv);
    if (inner !== undefined) return parseShell(inner);
  }
  return pipelines;
}

/** A command given as an argv array (Codex's `["bash", "-lc", "…"]`). */
export function parseArgv(argv: readonly string[]): Pipeline[] {
  const inner = wrappedScript(argv);
  if (inner !== undefined) return parseShell(inner);
  return argv.length > 0 ? [[{ argv: [...argv] }]] : [];
}

function wrappedScript(argv: readonly string[]): string | undefined {
  if (argv.length < 3) return undefined;
  const shell = argv[0].replace(/^.*[\\/]/, '').toLowerCase();
  const flag = argv[argv.length - 2];
  if (shell === 'bash' || shell === 'sh' || shell === 'zsh') return flag.startsWith('-') && flag.includes('c') ? argv[argv.length - 1] : undefined;
  // PowerShell runs its script after `-Command` (or `-c`), the last two words of a logged call.
  // Its escape is the backtick, not the backslash, which in a Windows path (`C:\app\a.md`) separates folders: read as `/`.
  if (/^(?:pwsh|powershell)(?:\.exe)?$/.test(shell)) return /^-(?:c|command)$/i.test(flag) ? argv[argv.length - 1].replace(/\\/g, '/') : undefined;
  return undefined;
}

function tokenize(text: string): Pipeline[] {
  const pipelines: Pipeline[] = [];
  let pipeline: Pipeline = [];
  let command: SimpleCommand = { argv: [] };
  let word = '';
  let inWord = false;
  let redirect: '' | 'out' | 'skip' = '';
  const heredocs: { command: SimpleCommand; end: string }[] = [];

  const endWord = (): void => {
    if (!inWord) return;
    if (redirect === 'out') command.writes = word;
    else if (redirect !== 'skip') command.argv.push(word);
    redirect = '';
    word = '';
    inWord = false;
  };
  const endCommand = (): void => {
    endWord();
    if (command.argv.length > 0 || command.writes !== undefined) pipeline.push(command);
    command = { argv: [] };
  };
  const endPipeline = (): void => {
    endCommand();
    if (pipeline.length > 0) pipelines.push(pipeline);
    pipeline = [];
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      const end = close === -1 ? text.length : close;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) i++;
        word += text[i++];
      }
      inWord = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 < text.length && text[i + 1] !== '\n') word += text[i + 1];
      inWord = inWord || text[i + 1] !== '\n';
      i += 2;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '\n' || c === ';' || c === '&' || c === '|') {
      const two = text.slice(i, i + 2);
      const pipe = c === '|' && two !== '||';
      if (c === '&' && text[i + 1] === '>') {
        // `&> file`: output and errors to a file.
        endWord();
        redirect = 'out';
        i += text[i + 2] === '>' ? 3 : 2;
        continue;
      }
      if (pipe) endCommand();
      else endPipeline();
      i += two === '&&' || two === '||' || two === ';;' ? 2 : 1;
      if (c === '\n' && heredocs.length > 0) i = readHeredocs(text, i, heredocs);
    } else if (c === '>' || (c === '<' && text[i + 1] !== '<')) {
      // `2>&1`, `2>/dev/null`: a descriptor digit just before belongs to the redirection.
      const fd = inWord && /^\d$/.test(word) ? word : '';
      if (fd) {
        word = '';
        inWord = false;
      } else endWord();
      i += text[i + 1] === '>' ? 2 : 1;
      if (text[i] === '&') {
        i++;
        while (i < text.length && /[0-9-]/.test(text[i])) i++;
        continue;
      }
      redirect = c === '>' && fd !== '2' ? 'out' : 'skip';
    } else if (c === '<' && text[i + 1] === '<') {
      endWord();
      i += 2;
      if (text[i] === '<') {
        // `<<<` here-string: its word is input, not an argument.
        i++;
        redirect = 'skip';
        continue;
      }
      if (text[i] === '-') i++;
      while (text[i] === ' ') i++;
      let end = '';
      while (i < text.length && !' \t\n;|&<>'.includes(text[i])) {
        if (text[i] !== "'" && text[i] !== '"' && text[i] !== '\\') end += text[i];
        i++;
      }
      if (end) heredocs.push({ command, end });
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  endPipeline();
  return pipelines;
}

/** Reads the bodies of pending heredocs from `at` (the line after their command); returns where the script resumes. */
function readHeredocs(text: string, at: number, pending: { command: SimpleCommand; end: string }[]): number {
  let i = at;
  while (pending.length > 0) {
    const { command, end } = pending.shift()!;
    const bodyStart = i;
    let lineStart = i;
    for (;;) {
      const nl = text.indexOf('\n', lineStart);
      const lineEnd = nl === -1 ? text.length : nl;
      if (text.slice(lineStart, lineEnd).trim() === end) {
        command.heredoc = text.slice(bodyStart, lineStart);
        i = nl === -1 ? text.length : nl + 1;
        break;
      }
      if (nl === -1) {
        command.heredoc = text.slice(bodyStart);
        return text.length;
      }
      lineStart = nl + 1;
    }
  }
  return i;
}
