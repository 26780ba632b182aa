/**
 * The hook adapters' reasons on a permission card, in Chinese: why a command's "always" rule is
 * only the exact command (scope-choices.ts prefixRefusal, command-policy.ts), why there is no
 * "always" at all, no edit or no deny reason (scope-choices.ts, net-policy.ts, hook-request.ts,
 * hub-request.ts). Whole reasons first, then the parts a reason is built from; names (programs,
 * subcommands, hosts, files) stay as they are.
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
  // Why there is no "always" at all (noAlways), no edit (noEdit), no deny reason (noReason).
  [/^(\S+) is never remembered$/, '$1 永远不会被记住'],
  [
    /^this (\S+) call has no command, file or host to scope a rule by, and an "any input" rule is never kept for it$/,
    '这次 $1 调用没有可用来限定规则的命令、文件或主机，而“任意输入”规则永远不会保留',
  ],
  [/^the patch names no file$/, '该补丁没有指明任何文件'],
  [/^(.+) is outside the project \(symlinks resolved\)$/, '$1 在项目之外（已解析符号链接）'],
  [/^no host name could be read from the call$/, '无法从该调用中读出主机名'],
  [
    /^(\S+) is a local or metadata name: never remembered$/,
    '$1 是本机或元数据服务的名称：永远不会被记住',
  ],
  [
    /^(\S+) is a loopback, private, link-local or metadata address: never remembered$/,
    '$1 是回环、私有、链路本地或元数据地址：永远不会被记住',
  ],
  [/^(\S+) is an IPv4-mapped address: never remembered$/, '$1 是 IPv4 映射地址：永远不会被记住'],
  [
    /^(\S+) carries an IPv4 address \(NAT64, 6to4, Teredo\): never remembered$/,
    '$1 携带 IPv4 地址（NAT64、6to4、Teredo）：永远不会被记住',
  ],
  [
    /^Codex takes no edited input from a hook \(it fails closed on updatedInput\): allow as asked, or deny with a reason$/,
    'Codex 不接受钩子传回的编辑后输入（遇到 updatedInput 会拒绝执行）：请按原样允许，或附理由拒绝',
  ],
  [
    /^HAPI's own 'allow for this session' stays in HAPI's app$/,
    'HAPI 自己的“本会话内允许”在 HAPI 的应用里',
  ],
  [/^HAPI's hub takes no edited call$/, 'HAPI 的 hub 不接受编辑后的调用'],
  [/^HAPI's hub takes no deny reason$/, 'HAPI 的 hub 不接受拒绝理由'],
];

/**
 * A reason the broker gave on a permission card (`notWider`, `noAlways`, `noEdit`, `noReason`), in the
 * operator's language: the adapter's English words to Chinese, anything else as it is. Beside the
 * adapter's words' other translations (hook-prompt.ts); test/contract/scope-reason.test.ts runs
 * the adapter's own reasons through it.
 */
export function localizedReason(why: string, language: 'en' | 'zh'): string {
  if (language !== 'zh') return why;
  return REASONS_ZH.reduce((text, [re, zh]) => text.replace(re, zh), why);
}
