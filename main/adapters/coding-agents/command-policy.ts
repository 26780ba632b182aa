import { shellWords, type ShellWord } from './shell-words';

/**
 * THE list (docs/security.md "What an always rule covers"): programs a command-prefix rule never
 * stops at, because what follows them is a whole other command, code, or damage. A command that
 * starts with one of them can be remembered as that exact command only.
 */
export const NO_PREFIX_PROGRAMS: ReadonlyArray<{ why: string; programs: readonly string[] }> = [
  {
    why: 'runs the command that follows it',
    // prettier-ignore
    programs: [
      'env', 'timeout', 'xargs', 'sudo', 'doas', 'su', 'runuser', 'pkexec', 'nice', 'ionice',
      'nohup', 'time', 'watch', 'stdbuf', 'setsid', 'chroot', 'unshare', 'flock', 'script',
      'strace', 'ltrace', 'gdb', 'valgrind', 'parallel', 'entr', 'watchexec', 'nodemon', 'command',
      'builtin', 'exec', 'eval', 'source', '.', 'trap', 'caffeinate', 'find', 'fd', 'docker',
      'podman',
    ],
  },
  {
    why: 'is a shell or an interpreter: its arguments are a program',
    // prettier-ignore
    programs: [
      'sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh', 'pwsh', 'powershell', 'cmd',
      'python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'nodejs', 'deno', 'bun', 'bunx',
      'npx', 'pnpx', 'tsx', 'ts-node', 'ruby', 'irb', 'perl', 'php', 'lua', 'luajit', 'rscript',
      'osascript', 'awk', 'gawk', 'mawk', 'sed', 'vim', 'vi', 'nvim', 'emacs', 'ed', 'ex',
    ],
  },
  {
    why: 'destroys, overwrites, changes permissions, or reaches the network',
    // prettier-ignore
    programs: [
      'rm', 'rmdir', 'dd', 'shred', 'truncate', 'mkfs', 'chmod', 'chown', 'chgrp', 'chattr', 'mv',
      'cp', 'ln', 'install', 'tee', 'kill', 'pkill', 'killall', 'shutdown', 'reboot', 'curl',
      'wget', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ftp', 'ssh', 'scp', 'sftp', 'rsync',
    ],
  },
];

/** Subcommands a prefix never ends at or passes through, because of what they run. */
export const NO_PREFIX_SUBCOMMAND_GROUPS: ReadonlyArray<{
  why: string;
  subcommands: readonly string[];
}> = [
  {
    why: 'runs another program',
    // prettier-ignore
    subcommands: [
      'npm exec', 'npm x', 'pnpm exec', 'pnpm dlx', 'yarn exec', 'yarn dlx', 'bun x', 'bun run',
      'uv run', 'uv tool', 'poetry run', 'pipx run', 'pdm run', 'hatch run', 'bundle exec',
      'go run', 'kubectl exec', 'git config', 'git submodule', 'git bisect', 'git filter-branch',
      'git daemon', 'git difftool', 'git mergetool',
    ],
  },
  {
    why: 'installs packages from the network (their install scripts run)',
    // prettier-ignore
    subcommands: [
      'npm install', 'npm i', 'npm add', 'npm ci', 'npm update', 'pnpm install', 'pnpm i',
      'pnpm add', 'yarn add', 'yarn install', 'pip install', 'pip3 install', 'uv pip', 'uv add',
      'poetry add', 'cargo install', 'gem install', 'go install', 'go get', 'brew install',
    ],
  },
];

/** Every subcommand of NO_PREFIX_SUBCOMMAND_GROUPS. */
export const NO_PREFIX_SUBCOMMANDS: readonly string[] = NO_PREFIX_SUBCOMMAND_GROUPS.flatMap(
  (g) => g.subcommands,
);

/**
 * Options that make a program execute something: a call carrying one never matches a prefix rule.
 * Long options also match when abbreviated (getopt accepts `--to-com=`) or given `=value`.
 */
export const EXECUTING_OPTIONS = {
  // prettier-ignore
  any: [
    '-exec', '-execdir', '-ok', '-okdir', '--to-command', '--script-shell', '--upload-pack',
    '--receive-pack', '--exec', '--eval', '--rsh', '--rsync-path', '--use-compress-program',
    '--checkpoint-action', '--info-script', '--new-volume-script', '--config-env', '--ext-diff',
    '--node-options', '--shell', '-toolexec', '--open-files-in-pager',
  ],
  /** Short options per program or program and subcommand (also inside a cluster such as `-xI`). */
  short: {
    git: ['-c', '-x'],
    'git clone': ['-u'],
    // git grep -O<pager>: opens the matches with that program.
    'git grep': ['-O'],
    tar: ['-I', '-F'],
    rsync: ['-e'],
    // -C / -I: another directory's Makefile (or included makefiles) runs.
    make: ['-f', '-E', '-C', '-I'],
    gmake: ['-f', '-E', '-C', '-I'],
    // -C <dir>: another package's scripts run.
    npm: ['-C'],
    pnpm: ['-C'],
    cargo: ['-C'],
  } as Record<string, readonly string[]>,
  /**
   * Long options per program (single-dash names such as Go's `-C` match only exactly): each runs
   * code the operator did not see (another project's scripts, a config that names a shell or an
   * exec plugin) or writes a file outside the call (`git log --output=~/.bashrc`).
   */
  long: {
    git: ['--output'],
    make: ['--file', '--makefile', '--directory', '--include-dir'],
    gmake: ['--file', '--makefile', '--directory', '--include-dir'],
    npm: ['--prefix', '--userconfig', '--globalconfig'],
    pnpm: ['--dir', '--prefix', '--userconfig', '--globalconfig'],
    yarn: ['--cwd', '--use-yarnrc', '--yarnrc'],
    cargo: ['--config', '--manifest-path'],
    go: ['-C', '-modfile', '-overlay'],
    kubectl: ['--kubeconfig'],
  } as Record<string, readonly string[]>,
} as const;

/** `-o ProxyCommand=…`, `-oLocalCommand …`: ssh-style options that run a command. */
const COMMAND_VALUE =
  /(proxy|local)command|permitlocalcommand|core\.(sshcommand|pager|editor|fsmonitor|hookspath)/i;
/** `make CC='rm -rf ~' test`: a variable given on make's command line can run anything. */
const MAKE_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_.]*[+:?!]?=/;
const SUBCOMMAND = /^[a-z][\w:.@+-]*$/i;

const NEVER = new Map<string, string>(
  NO_PREFIX_PROGRAMS.flatMap((g) => g.programs.map((p) => [p, g.why] as const)),
);

/** The program a word names: its file name, lower case (`/usr/bin/RM` → `rm`). */
export function programName(word: string): string {
  return (word.split('/').pop() ?? word).toLowerCase();
}

function neverReason(program: string): string | undefined {
  if (NEVER.has(program)) return NEVER.get(program);
  if (/^(python|pypy|ruby|perl|php|node|lua)[\d.]*$/.test(program) || program.startsWith('mkfs.'))
    return 'is a shell or an interpreter: its arguments are a program';
  return undefined;
}

/** The first word of `words` (after the program) that makes it execute something, if any. */
export function executingOption(words: readonly string[]): string | undefined {
  const program = programName(words[0] ?? '');
  const shorts = [
    ...(EXECUTING_OPTIONS.short[program] ?? []),
    ...(EXECUTING_OPTIONS.short[`${program} ${words[1]}`] ?? []),
  ];
  const longs = [...EXECUTING_OPTIONS.any, ...(EXECUTING_OPTIONS.long[program] ?? [])];
  return words.slice(1).find((word) => {
    if (COMMAND_VALUE.test(word)) return true;
    if ((program === 'make' || program === 'gmake') && MAKE_ASSIGNMENT.test(word)) return true;
    const name = word.split('=')[0]!;
    if (longs.some((o) => o === name)) return true;
    if (name.startsWith('--') && name.length >= 3 && longs.some((o) => o.startsWith(name)))
      return true;
    if (/^-[^-]/.test(word)) return shorts.some((o) => word.slice(1).includes(o[1]!));
    return false;
  });
}

/**
 * Why these words may not be a command-prefix rule, or undefined when they may: a prefix names
 * the program and its subcommand (two words at least, the second a plain word), the program is
 * not on the list above, the subcommand does not launch something else, and no word executes.
 */
export function prefixProblem(words: readonly string[]): string | undefined {
  const first = words[0];
  if (first === undefined) return 'a prefix needs a program';
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first))
    return `${first} sets a variable for the command after it: only the exact command can be remembered`;
  const program = programName(first);
  const never = neverReason(program);
  if (never) return `${program} ${never}: only the exact command can be remembered`;
  if (words.length < 2 || !SUBCOMMAND.test(words[1]!))
    return `a prefix keeps the subcommand: "${program}" alone would allow any ${program} command`;
  const sub = `${program} ${words[1]}`;
  const group = NO_PREFIX_SUBCOMMAND_GROUPS.find((g) => g.subcommands.includes(sub));
  if (group) return `${sub} ${group.why}: only the exact command can be remembered`;
  const bad = executingOption(words);
  if (bad) return `${bad} makes ${program} run a command: only the exact command can be remembered`;
  return undefined;
}

/**
 * True when the prefix rule `prefix` covers `command`: both simple commands, the command's first
 * words are the prefix's words, no word of the command expands ($, globs) or executes, and the
 * prefix itself is still allowed (a rule stored before these checks stops matching).
 */
export function prefixCovers(prefix: string, command: string): boolean {
  const want = shellWords(prefix);
  const call = shellWords(command);
  if (!want || !call || want.length === 0 || call.length < want.length) return false;
  if (want.some((w) => w.expands) || prefixProblem(texts(want))) return false;
  if (call.some((w) => w.expands)) return false;
  if (!want.every((w, i) => w.text === call[i]!.text)) return false;
  return executingOption(texts(call)) === undefined;
}

/** The word texts. */
export function texts(words: readonly ShellWord[]): string[] {
  return words.map((w) => w.text);
}
