import type { Language } from '../i18n/translate';

const en = {
  helpTitle: 'Keyboard shortcuts',
  helpOpen: 'Keyboard shortcuts (?)',
  helpClose: 'Close',
  helpIntro:
    'The same keys work in the web inbox, the window and the tray popover. Keys never fire while you type in a field.',
  keyMove: 'Next / previous request',
  keyAnswer: 'Go to the answer field',
  keyYes:
    'Approve a confirm (a risky one: go to its Confirm button) · empty approval of a text question (one that asks for text: go to its field)',
  keyNo: 'Decline a confirm · deny a permission request',
  keyPick: 'Pick option 1–9 (or the option’s own letter)',
  keyTick: 'Select or unselect the request for a bulk deny or cancel',
  keyTickAll: 'Select every request the list shows',
  keyBulk: 'Deny or cancel the selected requests (asks first, with one reason)',
  keyBulkApprove: 'Approve the selected requests',
  keySearch: 'Search the pending requests',
  keyUndo: 'Take back the answer still in its undo window',
  keyDone: 'Mark a notice done',
  keySnooze: 'Snooze until a time',
  keySend: 'Send the answer from inside a field',
  keyBack: 'Leave a field · close this help · hide the popover',
  keyHelp: 'Show or hide this help',
  keyOpen: 'Open the request in the main window (popover)',
  dangerWarning:
    'This can be destructive or hard to undo. Decline is the default; read the whole request before confirming.',
  dangerReadFirst: 'Scroll through the whole request before confirming.',
  dangerTooQuick:
    'Not confirmed: that key press came too soon after the last one. Press again if you mean it.',
  dangerFocused: 'Press Enter to confirm, or Tab to choose again.',
  scrollRegion: 'Scrollable: {what}',
  table: 'table',
  code: 'code',
  question: 'question',
  questionLabel: 'Question',
  listOfRequests: 'pending requests',
};

const zh: typeof en = {
  helpTitle: '键盘快捷键',
  helpOpen: '键盘快捷键（?）',
  helpClose: '关闭',
  helpIntro: '网页收件箱、主窗口和托盘弹窗使用相同的按键。在输入框中打字时快捷键不会触发。',
  keyMove: '下一条 / 上一条请求',
  keyAnswer: '转到回答输入框',
  keyYes:
    '批准确认请求（高风险请求：转到其“确认”按钮）· 对文本问题直接批准（需要输入文字的问题：转到其输入框）',
  keyNo: '拒绝确认请求 · 拒绝权限请求',
  keyPick: '选择第 1–9 个选项（或选项自己的字母）',
  keyTick: '选中或取消选中该请求，用于批量拒绝或取消',
  keyTickAll: '选中列表中显示的所有请求',
  keyBulk: '拒绝或取消选中的请求（先询问，使用同一理由）',
  keySearch: '搜索待处理请求',
  keyUndo: '撤回仍在撤销时间内的回答',
  keyDone: '将通知标记为完成',
  keyBulkApprove: '批准所选请求',
  keySnooze: '暂缓到某个时间',
  keySend: '在输入框内发送回答',
  keyBack: '离开输入框 · 关闭本帮助 · 隐藏弹窗',
  keyHelp: '显示或隐藏本帮助',
  keyOpen: '在主窗口中打开请求（弹窗）',
  dangerWarning: '此操作可能具有破坏性或难以撤销。默认选项是拒绝；确认前请读完整个请求。',
  dangerReadFirst: '请先滚动读完整个请求，再确认。',
  dangerTooQuick: '未确认：这次按键距离上一次太近。如确实要确认，请再按一次。',
  dangerFocused: '按回车确认，或按 Tab 重新选择。',
  scrollRegion: '可滚动：{what}',
  table: '表格',
  code: '代码',
  question: '问题',
  questionLabel: '问题',
  listOfRequests: '待处理请求',
};

export type KeyStringKey = keyof typeof en;

/** Strings of the keyboard help and the safe-confirm guard (beside the feature, like the popover's). */
export function keyText(
  language: Language,
  key: KeyStringKey,
  vars: Record<string, string | number> = {},
): string {
  const template = (language === 'zh' ? zh : en)[key];
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => String(vars[name] ?? `{${name}}`));
}
