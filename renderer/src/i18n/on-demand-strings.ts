import type { Language } from './translate';

// Strings of views loaded on first use (snooze, bulk approve, saved filters): kept beside them,
// so they stay out of the first load's dictionaries.
const en = {
  snoozeTitle: 'Snooze until…',
  snooze15m: '15 minutes',
  snooze1h: '1 hour',
  snoozeTomorrow: 'Tomorrow 9:00',
  snoozeCustom: 'Or a time of your choice',
  snoozeAtCustom: 'Snooze until then',
  snoozeKeep: 'Keep it in the list',
  snoozedCount: '{n} snoozed',
  snoozedListLabel: 'Snoozed requests',
  snoozedUntil: 'back {time}',
  unsnooze: 'Unsnooze',
  bulkApproveTitle: 'Approve {n} requests',
  bulkApproveIntro: 'Each is answered yes, exactly as listed.',
  bulkApproveIntroCommands: 'Each command below is allowed once, exactly as listed (never always).',
  bulkApproveListLabel: 'What will be approved',
  bulkApproveConfirm: 'Approve {n}',
  savedFiltersLabel: 'Saved filters',
  savedFiltersPick: 'Saved filters…',
  savedFilterStart: 'Save filter…',
  savedFilterName: 'Name',
  savedFilterSave: 'Save',
  savedFilterForget: 'Forget “{name}”',
};

const zh: typeof en = {
  snoozeTitle: '稍后提醒…',
  snooze15m: '15 分钟',
  snooze1h: '1 小时',
  snoozeTomorrow: '明天 9:00',
  snoozeCustom: '或自选时间',
  snoozeAtCustom: '到时再提醒',
  snoozeKeep: '留在列表中',
  snoozedCount: '已暂缓 {n} 个',
  snoozedListLabel: '已暂缓的请求',
  snoozedUntil: '{time} 回来',
  unsnooze: '取消暂缓',
  bulkApproveTitle: '批准 {n} 个请求',
  bulkApproveIntro: '每一项都按所列内容回答“是”。',
  bulkApproveIntroCommands: '下列每条命令都按所列原样允许一次（绝不“始终允许”）。',
  bulkApproveListLabel: '将要批准的内容',
  bulkApproveConfirm: '批准 {n} 个',
  savedFiltersLabel: '已存筛选',
  savedFiltersPick: '已存筛选…',
  savedFilterStart: '保存筛选…',
  savedFilterName: '名称',
  savedFilterSave: '保存',
  savedFilterForget: '删除“{name}”',
};

export type OnDemandKey = keyof typeof en;

/** One of these strings in `language`, with `{name}` placeholders filled from `vars`. */
export function onDemandText(
  language: Language,
  key: OnDemandKey,
  vars: Record<string, string | number> = {},
): string {
  const template = (language === 'zh' ? zh : en)[key];
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => String(vars[name] ?? `{${name}}`));
}
