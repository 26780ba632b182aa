import type { Language } from '../i18n/translate';

const en = {
  title: 'Settings',
  dirs: 'Handshake directories',
  dirsHint: 'One absolute path per line. The broker watches each for .question files.',
  fileRoots: 'Folders agents may offer for file picks',
  fileRootsHint:
    'One absolute path per line. An agent asking the operator to pick a file may only list these folders and the handshake directories; anything else is refused.',
  fileRootsEmpty: 'Empty: any non-hidden folder in your home',
  port: 'HTTP port',
  token: 'Access token',
  tokenHint: 'Empty: no token (the server listens on 127.0.0.1 only).',
  store: 'Request store (team mode)',
  storeHint:
    'Empty: the embedded journal on this machine. A postgres://… URL shares requests with the other brokers on that database, from the next start. Keep the password in ~/.pgpass rather than in the URL, which is saved in the settings file.',
  restartHint:
    'Changes apply at once. A new port or token ends the connections of open browser tabs: reopen them at the new address.',
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
  autoUpdate: 'Download updates in the background and install them on restart',
  historySize: 'History size (resolved requests kept)',
  save: 'Save',
  saved: 'Saved.',
  loading: 'Loading settings…',
  brokers: 'Remote brokers',
  brokersHint:
    'Brokers on other machines, by URL and token. The token is stored encrypted by the system keychain, never in plain text.',
  brokersSessionOnly:
    'This system offers no keychain: tokens are kept for this session only and asked again after a restart.',
  brokerName: 'Name',
  brokerUrl: 'URL',
  brokerToken: 'Token',
  brokerAdd: 'Add broker',
  brokerRemove: 'Remove',
  brokerTokenSaved: 'token saved',
  brokerTokenSession: 'token for this session',
  brokerNoToken: 'no token',
  brokerConnected: 'connected',
  brokerDisconnected: 'disconnected, reconnecting…',
  brokerFromLaunch: 'for this run (given at launch)',
  back: 'Back to inbox',
};

const zh: typeof en = {
  title: '设置',
  dirs: '握手目录',
  dirsHint: '每行一个绝对路径。代理会监视其中的 .question 文件。',
  fileRoots: '智能体可提供文件选择的文件夹',
  fileRootsHint:
    '每行一个绝对路径。请操作员选择文件的智能体只能列出这些文件夹和握手目录中的文件；其他一律拒绝。',
  fileRootsEmpty: '留空：主目录下任何非隐藏文件夹',
  port: 'HTTP 端口',
  token: '访问令牌',
  tokenHint: '留空表示不需要令牌（服务器只监听 127.0.0.1）。',
  store: '请求存储（团队模式）',
  storeHint:
    '留空：使用本机内置日志。填写 postgres://… 地址则与同一数据库上的其他代理共享请求（下次启动生效）。密码请放在 ~/.pgpass 中，不要写进地址：地址会保存在设置文件里。',
  restartHint: '更改立即生效。新的端口或令牌会断开已打开的浏览器标签页的连接：请在新地址重新打开。',
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
  autoUpdate: '在后台下载更新，并在重启时安装',
  historySize: '历史记录条数（保留的已处理请求）',
  save: '保存',
  saved: '已保存。',
  loading: '正在加载设置…',
  brokers: '远程 Broker',
  brokersHint: '其他机器上的 Broker（地址与令牌）。令牌由系统钥匙串加密保存，从不以明文保存。',
  brokersSessionOnly: '此系统没有钥匙串：令牌只在本次会话中保留，重启后需重新输入。',
  brokerName: '名称',
  brokerUrl: '地址',
  brokerToken: '令牌',
  brokerAdd: '添加 Broker',
  brokerRemove: '移除',
  brokerTokenSaved: '令牌已保存',
  brokerTokenSession: '令牌仅限本次会话',
  brokerNoToken: '无令牌',
  brokerConnected: '已连接',
  brokerDisconnected: '已断开，正在重连…',
  brokerFromLaunch: '仅本次运行（启动时指定）',
  back: '返回收件箱',
};

export type SettingsStringKey = keyof typeof en;

/** Settings view strings in the UI language. */
export function settingsText(language: Language, key: SettingsStringKey): string {
  return (language === 'zh' ? zh : en)[key];
}
