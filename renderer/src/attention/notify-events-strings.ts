import type { Language } from '../i18n/translate';

const en = {
  legend: 'Notify about',
  questions: 'Questions and approvals (always)',
  finished: 'A coding session finished its turn',
  failed: 'A coding session failed',
  waiting: 'An agent waiting in its own terminal (idle)',
};

const zh: typeof en = {
  legend: '以下事件发出通知',
  questions: '问题和审批（始终通知）',
  finished: '编码会话完成了本轮',
  failed: '编码会话失败',
  waiting: '智能体在自己的终端中等待（空闲）',
};

export type NotifyEventsStrings = typeof en;

/**
 * The words of "which events notify", in `language`. Loaded with the settings view and the web
 * inbox's events menu, never with the inbox's first load.
 */
export function notifyEventsStrings(language: Language): NotifyEventsStrings {
  return language === 'zh' ? zh : en;
}
