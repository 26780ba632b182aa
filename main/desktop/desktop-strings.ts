/** The few native strings the main process shows (tray, menu), in the two UI languages. */
export type Language = 'en' | 'zh-CN';

export interface DesktopStrings {
  openInbox: string;
  openInBrowser: string;
  noPending: string;
  more: (count: number) => string;
  doNotDisturb: string;
  startAtLogin: string;
  quit: string;
  tooltip: (count: number) => string;
  /** Tooltip line: answers given that have not reached their agent (their delivery is retried). */
  undelivered: (count: number) => string;
  /** Notification buttons of a confirm request without its own labels, and the reply hint. */
  approve: string;
  decline: string;
  replyPlaceholder: string;
  /** A port chosen in the settings is taken: the broker stays where it was. */
  portBusy: (port: number, url: string) => string;
  /** The HTTP server could not move to the new port or token. */
  rebindFailed: (reason: string) => string;
  /** The desktop app could not have its port: another program holds it. */
  portMoved: (port: number, url: string) => string;
  /** Tray menu item and tooltip line once an update is downloaded. */
  updateReady: (version: string) => string;
  /** The operator asked to restart into an update while requests wait. */
  updateDeferred: (version: string, reason: string) => string;
  /** Why a restart would interrupt the operator. */
  pendingReason: (count: number) => string;
  answeringReason: string;
}

const en: DesktopStrings = {
  openInbox: 'Open inbox',
  openInBrowser: 'Open in browser',
  noPending: 'No pending requests',
  more: (count) => `${count} more…`,
  doNotDisturb: 'Do not disturb',
  startAtLogin: 'Start at login',
  quit: 'Quit HITL Broker',
  tooltip: (count) =>
    count === 0 ? 'HITL Broker: nothing pending' : `HITL Broker: ${count} pending`,
  undelivered: (count) =>
    count === 1 ? '1 answer not yet delivered' : `${count} answers not yet delivered`,
  approve: 'Approve',
  decline: 'Decline',
  replyPlaceholder: 'Type your answer',
  portBusy: (port, url) =>
    `Port ${port} is used by another program; the broker stays on ${url}. Pick another port in Settings.`,
  rebindFailed: (reason) => `The new port or token could not be applied: ${reason}`,
  portMoved: (port, url) =>
    `Port ${port} is used by another program, so the broker listens on ${url} instead. Pick a free port in Settings.`,
  updateReady: (version) => `Update ${version} ready — restart to install`,
  updateDeferred: (version, reason) =>
    `Update ${version} was not installed now (${reason}). It installs when you quit HITL Broker.`,
  pendingReason: (count) =>
    count === 1 ? '1 request is pending' : `${count} requests are pending`,
  answeringReason: 'you are answering in the popover',
};

const zhCN: DesktopStrings = {
  openInbox: '打开收件箱',
  openInBrowser: '在浏览器中打开',
  noPending: '没有待处理的请求',
  more: (count) => `还有 ${count} 条…`,
  doNotDisturb: '勿扰模式',
  startAtLogin: '登录时启动',
  quit: '退出 HITL Broker',
  tooltip: (count) => (count === 0 ? 'HITL Broker：没有待处理' : `HITL Broker：${count} 条待处理`),
  undelivered: (count) => `${count} 条回答尚未送达`,
  approve: '批准',
  decline: '拒绝',
  replyPlaceholder: '输入你的回答',
  portBusy: (port, url) => `端口 ${port} 已被其他程序占用，代理仍在 ${url}。请在设置中换一个端口。`,
  rebindFailed: (reason) => `无法应用新的端口或令牌：${reason}`,
  portMoved: (port, url) =>
    `端口 ${port} 已被其他程序占用，代理改为监听 ${url}。请在设置中选择一个空闲端口。`,
  updateReady: (version) => `更新 ${version} 已就绪 — 重启以安装`,
  updateDeferred: (version, reason) =>
    `更新 ${version} 暂未安装（${reason}）。退出 HITL Broker 时会安装。`,
  pendingReason: (count) => `有 ${count} 条请求待处理`,
  answeringReason: '你正在弹出窗口中回答',
};

/** The language a setting means: `system` follows the system locale (Chinese or else English). */
export function resolveLanguage(setting: string, systemLocale: string): Language {
  if (setting === 'en' || setting === 'zh-CN') return setting;
  return systemLocale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The strings for a language (English for anything unknown). */
export function desktopStrings(language: string): DesktopStrings {
  return language === 'zh-CN' ? zhCN : en;
}
