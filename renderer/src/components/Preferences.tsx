import type { ComponentProps } from 'react';
import { AttentionControls } from '../attention/AttentionControls';
import { desktopBridge } from '../client/desktop-bridge';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGES, type Language } from '../i18n/translate';
import { keyText } from '../keys/key-strings';
import { HeaderMenu } from './HeaderMenu';
import type { ThemePreference } from '../theme/use-theme';
import './preferences.css';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文' };

/**
 * The top bar's preferences (in its ⋯ menu on a narrow window): notifications and sound (web
 * only), theme, language, "Pair a phone" (web only) and the key help, in the bar's HeaderMenu.
 */
export function Preferences({
  attention,
  theme,
  setTheme,
  phoneShown,
  showPhone,
  showHelp,
}: {
  attention: ComponentProps<typeof AttentionControls>;
  theme: ThemePreference;
  setTheme: (theme: ThemePreference) => void;
  /** Whether the pairing view is the one shown. */
  phoneShown: boolean;
  showPhone: () => void;
  showHelp: () => void;
}) {
  const { t, language, setLanguage } = useI18n();
  return (
    <HeaderMenu>
      {desktopBridge() ? null : <AttentionControls {...attention} />}
      <label>
        <span className="visually-hidden">{t('themeLabel')}</span>
        <select
          aria-label={t('themeLabel')}
          value={theme}
          onChange={(e) => setTheme(e.target.value as ThemePreference)}
        >
          <option value="system">{t('themeSystem')}</option>
          <option value="light">{t('themeLight')}</option>
          <option value="dark">{t('themeDark')}</option>
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('languageLabel')}</span>
        <select
          aria-label={t('languageLabel')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      {desktopBridge() ? null : (
        <button
          type="button"
          className="secondary pair-phone-open"
          data-close-menu
          aria-pressed={phoneShown}
          onClick={showPhone}
        >
          {t('pairPhone')}
        </button>
      )}
      <button
        type="button"
        className="link key-help-open"
        aria-label={keyText(language, 'helpOpen')}
        title={keyText(language, 'helpOpen')}
        onClick={showHelp}
      >
        <span aria-hidden="true">?</span>
        {/* In the folded menu a lone "?" says little: the menu shows what it opens. */}
        <span className="menu-label">{keyText(language, 'helpOpen')}</span>
      </button>
    </HeaderMenu>
  );
}
