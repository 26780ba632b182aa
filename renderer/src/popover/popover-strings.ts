import type { HitlRequest } from '@contract/request';
import { isDangerousConfirm } from '../answers/danger';
import type { Language } from '../i18n/translate';

const en = {
  position: '{i} of {n}',
  allClear: 'All clear — nothing is waiting for you.',
  quickLabel: 'Answer',
  quickPlaceholder: 'Type and press Enter — Enter alone approves',
  keysText: 'Enter sends · empty Enter approves · ↑↓ move · Esc hides',
  keysConfirm: 'Y approves · N declines · ↑↓ move · Esc hides',
  keysChoice: '1–9 or the option letter picks · ↑↓ move · Esc hides',
  keysDanger: 'Risky: N or Enter declines · Y goes to Confirm · ↑↓ move · Esc hides',
  keysApproval: 'N denies · Y goes to Allow once · ↑↓ move · ? keys · Esc hides',
  keysOther: '↑↓ move · O opens in the window · ? keys · Esc hides',
  openWindow: 'Open in window',
  previous: 'Previous request',
  next: 'Next request',
  leftElsewhere: '{key} was {status} elsewhere.',
  sent: 'Sent.',
  unreadable: '⚠ {n} could not be read — see the inbox',
  undelivered: '⟳ {n} answers not yet delivered — see the inbox',
  undeliveredOne: '⟳ {origin}: {reason} — answer “{answer}”',
  nothingPending: 'Nothing is pending.',
};

const zh: typeof en = {
  position: '第 {i} / {n} 条',
  allClear: '全部处理完毕，没有等待中的请求。',
  quickLabel: '回答',
  quickPlaceholder: '输入后按回车发送 — 直接回车表示批准',
  keysText: '回车发送 · 空回车批准 · ↑↓ 切换 · Esc 隐藏',
  keysConfirm: 'Y 批准 · N 拒绝 · ↑↓ 切换 · Esc 隐藏',
  keysChoice: '1–9 或选项字母选择 · ↑↓ 切换 · Esc 隐藏',
  keysDanger: '高风险：N 或回车拒绝 · Y 转到“确认” · ↑↓ 切换 · Esc 隐藏',
  keysApproval: 'N 拒绝 · Y 转到“允许一次” · ↑↓ 切换 · ? 按键 · Esc 隐藏',
  keysOther: '↑↓ 切换 · O 在窗口中打开 · ? 按键 · Esc 隐藏',
  openWindow: '在窗口中打开',
  previous: '上一条',
  next: '下一条',
  leftElsewhere: '{key} 已在别处{status}。',
  sent: '已发送。',
  unreadable: '⚠ {n} 项无法读取 — 查看收件箱',
  undelivered: '⟳ {n} 条回答尚未送达 — 查看收件箱',
  undeliveredOne: '⟳ {origin}：{reason} — 回答“{answer}”',
  nothingPending: '没有待处理的请求。',
};

export type PopoverStringKey = keyof typeof en;

/** The key hint under a card: the keys that answer `request`'s kind (none when nothing shows). */
export function popoverHintKey(request: HitlRequest | undefined): PopoverStringKey | null {
  if (!request) return null;
  const kind = request.input.kind;
  if (kind === 'text') return 'keysText';
  if (kind === 'confirm') return isDangerousConfirm(request) ? 'keysDanger' : 'keysConfirm';
  if (kind === 'choice') return 'keysChoice';
  if (kind === 'approval') return 'keysApproval';
  return 'keysOther';
}

/** Popover strings (kept beside the popover so the shared dictionaries stay untouched). */
export function popoverText(
  language: Language,
  key: PopoverStringKey,
  vars: Record<string, string | number> = {},
): string {
  const template = (language === 'zh' ? zh : en)[key];
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => String(vars[name] ?? `{${name}}`));
}
