import type { Language } from '../i18n/translate';

const en = {
  pairTitle: 'Pair a phone',
  pairIntro:
    "Scan the code with the phone's camera: it opens this inbox on the phone, logged in with a session of its own that you can revoke here. Then use the browser's Add to Home screen (Install app) to keep it as an app.",
  showCode: 'Show a pairing code',
  newCode: 'New code',
  qrLabel: 'QR code of the one-time pairing link',
  expires: 'Works once, until {time}.',
  expired: 'This code has expired: get a new one.',
  showLink: 'Show the link',
  localWarning:
    'No public URL is set, so this link names the broker on this computer ({host}), which a phone cannot reach. Put the broker on your tailnet or behind an HTTPS proxy (tailscale serve) and set that address as the public URL (serve --public-url, or Phone in the desktop settings).',
  phones: 'Paired phones',
  noPhones: 'No phone is paired.',
  paired: 'paired {time}',
  lastUsed: 'last used {time}',
  revoke: 'Revoke',
  revokeLabel: 'Revoke {label}, paired {time}',
  revoked: '{label} can no longer open the inbox.',
  pairedNow: 'Paired {label}: it has its own session now, listed under Paired phones.',
  loading: 'Loading…',
} as const;

export type PhoneStringKey = keyof typeof en;

const zh: Record<PhoneStringKey, string> = {
  pairTitle: '配对手机',
  pairIntro:
    '用手机相机扫描此码：手机上会打开此收件箱，并以它自己的会话登录，你可以在这里撤销。然后在浏览器中选择“添加到主屏幕”（安装应用）即可作为应用使用。',
  showCode: '显示配对码',
  newCode: '新的配对码',
  qrLabel: '一次性配对链接的二维码',
  expires: '仅可使用一次，有效期至 {time}。',
  expired: '此配对码已过期：请获取新的配对码。',
  showLink: '显示链接',
  localWarning:
    '尚未设置公开地址，此链接指向本机上的 HITL Broker（{host}），手机无法访问。请将它放到你的 tailnet 上或 HTTPS 反向代理后面（tailscale serve），并把该地址设为公开地址（serve --public-url，或桌面设置中的“手机”）。',
  phones: '已配对的手机',
  noPhones: '尚未配对任何手机。',
  paired: '配对于 {time}',
  lastUsed: '最近使用 {time}',
  revoke: '撤销',
  revokeLabel: '撤销 {label}（配对于 {time}）',
  revoked: '{label} 已无法再打开收件箱。',
  pairedNow: '已配对 {label}：它现在有自己的会话，列在“已配对的手机”中。',
  loading: '正在加载…',
};

/** A pairing view's string in `language`, with `{name}` placeholders filled from `vars`. */
export function phoneText(
  language: Language,
  key: PhoneStringKey,
  vars: Record<string, string> = {},
): string {
  const text: string = language === 'zh' ? zh[key] : en[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? `{${name}}`);
}
