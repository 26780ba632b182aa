/** The few native strings the main process shows (tray, menu), in the two UI languages. */
export type Language = 'en' | 'zh-CN';

export interface DesktopStrings {
  openInbox: string;
  noPending: string;
  more: (count: number) => string;
  doNotDisturb: string;
  startAtLogin: string;
  quit: string;
  tooltip: (count: number) => string;
}

const en: DesktopStrings = {
  openInbox: 'Open inbox',
  noPending: 'No pending requests',
  more: (count) => `${count} more…`,
  doNotDisturb: 'Do not disturb',
  startAtLogin: 'Start at login',
  quit: 'Quit HITL Broker',
  tooltip: (count) =>
    count === 0 ? 'HITL Broker: nothing pending' : `HITL Broker: ${count} pending`,
};

const zhCN: DesktopStrings = {
  openInbox: '打开收件箱',
  noPending: '没有待处理的请求',
  more: (count) => `还有 ${count} 条…`,
  doNotDisturb: '勿扰模式',
  startAtLogin: '登录时启动',
  quit: '退出 HITL Broker',
  tooltip: (count) => (count === 0 ? 'HITL Broker：没有待处理' : `HITL Broker：${count} 条待处理`),
};

/** The strings for a language (English for anything unknown). */
export function desktopStrings(language: string): DesktopStrings {
  return language === 'zh-CN' ? zhCN : en;
}
