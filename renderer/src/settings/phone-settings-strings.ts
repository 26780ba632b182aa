import type { Language } from '../i18n/translate';

const en = {
  legend: 'Phone: away from the desk',
  intro:
    'Push requests to your phone (ntfy, Telegram) and open the inbox there. The same as serve’s --public-url, --ntfy and --telegram options; tokens stay in their files (keep them 0600). Changes apply when the app starts again.',
  publicUrl: 'Public URL',
  publicUrlHint:
    'Where your phone reaches this broker: an https reverse proxy or your tailnet (tailscale serve). Links and the pairing code point there.',
  ntfyUrl: 'ntfy server and topic',
  ntfyUrlHint: 'e.g. https://ntfy.example.org/hitl-3f9c2a71 (a long random topic). Empty: off.',
  ntfyTokenFile: 'ntfy token file',
  telegramTokenFile: 'Telegram bot token file',
  telegramChat: 'Telegram chat id',
  telegramUser: 'Telegram user id (for a group)',
  tokenFileHint: 'An absolute path; the token is its first line.',
} as const;

export type PhoneSettingsStringKey = keyof typeof en;

const zh: Record<PhoneSettingsStringKey, string> = {
  legend: '手机：离开电脑时',
  intro:
    '把请求推送到手机（ntfy、Telegram），并在手机上打开收件箱。与 serve 的 --public-url、--ntfy、--telegram 选项相同；令牌只保存在各自的文件中（请设为 0600）。更改在应用下次启动时生效。',
  publicUrl: '公开地址',
  publicUrlHint:
    '手机访问此 HITL Broker 的地址：HTTPS 反向代理或你的 tailnet（tailscale serve）。链接和配对码都指向这里。',
  ntfyUrl: 'ntfy 服务器和主题',
  ntfyUrlHint: '例如 https://ntfy.example.org/hitl-3f9c2a71（使用较长的随机主题）。留空：关闭。',
  ntfyTokenFile: 'ntfy 令牌文件',
  telegramTokenFile: 'Telegram 机器人令牌文件',
  telegramChat: 'Telegram 聊天 ID',
  telegramUser: 'Telegram 用户 ID（用于群组）',
  tokenFileHint: '绝对路径；令牌为文件的第一行。',
};

/** A Phone settings string in `language`. */
export function phoneSettingsText(language: Language, key: PhoneSettingsStringKey): string {
  return language === 'zh' ? zh[key] : en[key];
}
