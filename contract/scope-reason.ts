/**
 * The hook adapter's reasons a command's "always" rule is only the exact command (scope-choices.ts
 * prefixRefusal, command-policy.ts: "it chains, redirects or substitutes commands", "rm destroys,
 * …: only the exact command can be remembered"), in Chinese. Whole reasons first, then the parts
 * a reason is built from; names (programs, subcommands) stay as they are.
 */
const REASONS_ZH: readonly [RegExp, string][] = [
  [/^it chains, redirects or substitutes commands$/, '它串联、重定向或替换了命令'],
  [/^the shell expands parts of it \(\$, globs\)$/, 'shell 会展开其中的部分（$、通配符）'],
  [/^a prefix needs a program$/, '前缀需要一个程序名'],
  [
    /^a prefix keeps the subcommand: "([^"]+)" alone would allow any (\S+) command$/,
    '前缀须包含子命令：单独的“$1”会允许任何 $2 命令',
  ],
  [/^(\S+) sets a variable for the command after it: /, '$1 为其后的命令设置变量：'],
  [/^(\S+) makes (\S+) run a command: /, '$1 会让 $2 运行命令：'],
  [/^(\S+) runs the command that follows it: /, '$1 会运行其后的命令：'],
  [
    /^(\S+) is a shell or an interpreter: its arguments are a program: /,
    '$1 是 shell 或解释器，其参数就是程序：',
  ],
  [
    /^(\S+) destroys, overwrites, changes permissions, or reaches the network: /,
    '$1 会删除、覆盖、更改权限或访问网络：',
  ],
  [/^(\S+ \S+) runs another program: /, '$1 会运行其他程序：'],
  [
    /^(\S+ \S+) installs packages from the network \(their install scripts run\): /,
    '$1 会从网络安装软件包（其安装脚本会运行）：',
  ],
  [/only the exact command can be remembered$/, '只能记住这条完整命令'],
];

/**
 * A reason the broker gave for offering no wider "always" rule (`notWider`), in the
 * operator's language: the adapter's English words to Chinese, anything else as it is. Beside the
 * adapter's words' other translations (hook-prompt.ts); test/contract/scope-reason.test.ts runs
 * the adapter's own reasons through it.
 */
export function localizedReason(why: string, language: 'en' | 'zh'): string {
  if (language !== 'zh') return why;
  return REASONS_ZH.reduce((text, [re, zh]) => text.replace(re, zh), why);
}
