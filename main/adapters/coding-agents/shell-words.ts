/** One word of a simple shell command, after quote removal. */
export interface ShellWord {
  text: string;
  /** The shell would expand it further ($, unquoted glob or brace characters): its text is not what runs. */
  expands: boolean;
}

/** Characters that chain, redirect, background or substitute: such a command is never "simple". */
const CONTROL = new Set([';', '&', '|', '<', '>', '(', ')', '`', '\n', '\r']);
const GLOB = new Set(['*', '?', '[', '{', '~']);

/**
 * Splits a simple shell command into its words the way a POSIX shell would (quotes and
 * backslashes removed). Null when the command is not simple: unquoted control characters
 * (`;`, `&&`, `|`, redirections, subshells, backticks, newlines), `$(`, or an unbalanced quote.
 */
export function shellWords(command: string): ShellWord[] | null {
  const words: ShellWord[] = [];
  let text = '';
  let expands = false;
  let started = false;
  let i = 0;
  const end = () => {
    if (started) words.push({ text, expands });
    text = '';
    expands = false;
    started = false;
  };
  while (i < command.length) {
    const c = command[i]!;
    if (c === ' ' || c === '\t') {
      end();
      i += 1;
    } else if (CONTROL.has(c)) {
      return null;
    } else if (c === '\\') {
      if (i + 1 >= command.length || command[i + 1] === '\n') return null;
      text += command[i + 1];
      started = true;
      i += 2;
    } else if (c === "'") {
      const close = command.indexOf("'", i + 1);
      if (close < 0) return null;
      text += command.slice(i + 1, close);
      started = true;
      i = close + 1;
    } else if (c === '"') {
      const read = readDouble(command, i + 1);
      if (!read) return null;
      text += read.text;
      expands ||= read.expands;
      started = true;
      i = read.next;
    } else {
      if (c === '$' || GLOB.has(c)) expands = true;
      text += c;
      started = true;
      i += 1;
    }
  }
  end();
  return words;
}

function readDouble(
  command: string,
  from: number,
): { text: string; expands: boolean; next: number } | null {
  let text = '';
  let expands = false;
  for (let i = from; i < command.length; i += 1) {
    const c = command[i]!;
    if (c === '"') return { text, expands, next: i + 1 };
    if (c === '`') return null;
    if (c === '$') {
      if (command[i + 1] === '(') return null;
      expands = true;
    }
    if (c === '\\' && i + 1 < command.length && '$`"\\\n'.includes(command[i + 1]!)) {
      text += command[i + 1];
      i += 1;
      continue;
    }
    text += c;
  }
  return null;
}
