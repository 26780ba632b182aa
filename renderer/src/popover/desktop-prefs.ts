import type { DesktopSettings } from '@contract/desktop-settings';
import type { Language } from '../i18n/translate';

/** The renderer language for a desktop language setting (undefined: follow the system). */
export function rendererLanguage(setting: DesktopSettings['language']): Language | undefined {
  if (setting === 'zh-CN') return 'zh';
  if (setting === 'en') return 'en';
  return undefined;
}

/**
 * Applies the desktop theme and language before React renders, through the same keys the web
 * UI's own pickers keep (so the main window opens in the operator's saved choice).
 */
export function applyDesktopPrefs(settings: Pick<DesktopSettings, 'theme' | 'language'>): void {
  const root = document.documentElement;
  if (settings.theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', settings.theme);
  try {
    localStorage.setItem('hitl.theme', settings.theme);
    const language = rendererLanguage(settings.language);
    if (language) localStorage.setItem('hitl.language', language);
    else localStorage.removeItem('hitl.language');
  } catch {
    // storage disabled: the attribute above still sets the theme for this window
  }
}
