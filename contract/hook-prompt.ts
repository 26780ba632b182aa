import type { HitlRequest } from './request';

/** What the agent wants, after "wants to", from the hook adapter's words to Chinese. */
const WANTS_ZH: readonly [RegExp, string][] = [
  [/^run a command:$/, '运行命令：'],
  [/^write (`[^`]+`) \((.+)\):$/, '写入 $1（$2）：'],
  [/^edit (`[^`]+`) \((.+)\):$/, '编辑 $1（$2）：'],
  [/^call the MCP tool (\*\*.+\*\*) of server (\*\*.+\*\*):$/, '调用服务器 $2 的 MCP 工具 $1：'],
  [/^reach (\*\*.+\*\*) over the network \((.+)\)\.$/, '通过网络访问 $1（$2）。'],
  [/^fetch a web page \((.+)\):$/, '获取网页（$1）：'],
  [/^use (\*\*.+\*\*):$/, '使用 $1：'],
];

const LEAD = /^(\*\*[^*\n]+\*\*) in (`[^`\n]+`) wants to (.+)$/;
const FOOTER = /^_Project_ (`[^`\n]+`) · _session_ (`[^`\n]+`)$/m;
const WAITING = /^(.+) is waiting for your input$/m;

/**
 * A coding agent's request as the hook adapter words it ("**Claude Code** in `shop · 1a2b` wants
 * to run a command:", "_Project_ `…` · _session_ `…`", "… is waiting for your input"), in the
 * operator's language. The broker sends the same English to every surface (terminal, HTTP); the
 * inbox words it for zh-CN. Anything else, and the agent's own text, stays as it is. Here, beside
 * the adapter's words, so one test holds both (test/contract/hook-prompt.test.ts).
 */
export function localizedPrompt(
  request: Pick<HitlRequest, 'source' | 'prompt'>,
  language: 'en' | 'zh',
): string {
  const { source, prompt } = request;
  if (language !== 'zh' || (source !== 'claude-code' && source !== 'codex')) return prompt;
  const [first = '', ...rest] = prompt.split('\n');
  let lead = first;
  const match = LEAD.exec(first);
  if (match) {
    const [, who, where, wants] = match as unknown as [string, string, string, string];
    const rule = WANTS_ZH.find(([re]) => re.test(wants));
    if (rule) lead = `${who}（${where}）想要${wants.replace(rule[0], rule[1])}`;
  }
  return [lead, ...rest]
    .join('\n')
    .replace(FOOTER, '_项目_ $1 · _会话_ $2')
    .replace(WAITING, '$1 正在等待你的输入');
}

/** A coding agent's request title in the operator's language (only the adapter's own words change). */
export function localizedTitle(
  request: Pick<HitlRequest, 'source' | 'title'>,
  language: 'en' | 'zh',
): string | undefined {
  const { source, title } = request;
  if (!title || language !== 'zh' || (source !== 'claude-code' && source !== 'codex')) return title;
  return title
    .replace(/^(.+) is waiting for your input$/, '$1 正在等待你的输入')
    .replace(/^(\S+): network access to (.+)$/, '$1：访问网络 $2');
}
