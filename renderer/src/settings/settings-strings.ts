import type { Language } from '../i18n/translate';

const en = {
  title: 'Settings',
  dirs: 'Handshake directories',
  dirsHint: 'One absolute path per line. The broker watches each for .question files.',
  port: 'HTTP port',
  token: 'Access token',
  tokenHint: 'Empty: no token (the server listens on 127.0.0.1 only).',
  restartHint: 'Port and token apply when the app restarts; the other settings apply at once.',
  notifications: 'Show a notification for each new request',
  sound: 'Play a sound with notifications',
  doNotDisturb: 'Do not disturb',
  language: 'Language',
  languageSystem: 'System',
  theme: 'Theme',
  themeSystem: 'System',
  themeLight: 'Light',
  themeDark: 'Dark',
  startAtLogin: 'Start at login',
  historySize: 'History size (resolved requests kept)',
  save: 'Save',
  saved: 'Saved.',
  loading: 'Loading settings…',
  back: 'Back to inbox',
};

const zh: typeof en = {
  title: '设置',
  dirs: '握手目录',
  dirsHint: '每行一个绝对路径。代理会监视其中的 .question 文件。',
  port: 'HTTP 端口',
  token: '访问令牌',
  tokenHint: '留空表示不需要令牌（服务器只监听 127.0.0.1）。',
  restartHint: '端口和令牌在应用重启后生效；其他设置立即生效。',
  notifications: '每个新请求显示一条通知',
  sound: '通知时播放声音',
  doNotDisturb: '勿扰模式',
  language: '语言',
  languageSystem: '跟随系统',
  theme: '主题',
  themeSystem: '跟随系统',
  themeLight: '浅色',
  themeDark: '深色',
  startAtLogin: '登录时启动',
  historySize: '历史记录条数（保留的已处理请求）',
  save: '保存',
  saved: '已保存。',
  loading: '正在加载设置…',
  back: '返回收件箱',
};

export type SettingsStringKey = keyof typeof en;

/** Settings view strings in the UI language. */
export function settingsText(language: Language, key: SettingsStringKey): string {
  return (language === 'zh' ? zh : en)[key];
}
