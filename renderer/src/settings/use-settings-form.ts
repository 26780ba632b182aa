import { useEffect, useState } from 'react';
import type { DesktopSettings, DesktopSettingsPatch } from '@contract/desktop-settings';

/** A save's outcome (or the load's error), shown under the form. */
/** Reads and writes the desktop settings (over IPC in the app). Errors carry a message naming the field. */
export interface SettingsApi {
  get(): Promise<DesktopSettings>;
  update(patch: DesktopSettingsPatch): Promise<DesktopSettings>;
}

export interface SettingsStatus {
  tone: 'ok' | 'error';
  text: string;
}

/**
 * The settings form's state over `api`: the settings as saved and as edited, the two
 * one-path-per-line fields' text, the last status; `set` edits one setting, `save` sends what
 * changed (saying `savedText` when it worked).
 */
export function useSettingsForm(api: SettingsApi, savedText: string) {
  const [saved, setSaved] = useState<DesktopSettings>();
  const [draft, setDraft] = useState<DesktopSettings>();
  const [dirsText, setDirsText] = useState('');
  const [rootsText, setRootsText] = useState('');
  const [status, setStatus] = useState<SettingsStatus>();

  useEffect(() => {
    api.get().then(
      (settings) => {
        setSaved(settings);
        setDraft(settings);
        setDirsText(settings.handshakeDirs.join('\n'));
        setRootsText(settings.fileRoots.join('\n'));
      },
      (e: unknown) => setStatus({ tone: 'error', text: refusal(e) }),
    );
  }, [api]);

  const set = <K extends keyof DesktopSettings>(key: K, value: DesktopSettings[K]) =>
    setDraft({ ...draft!, [key]: value });

  const save = async () => {
    const next = { ...draft!, handshakeDirs: lines(dirsText), fileRoots: lines(rootsText) };
    try {
      const stored = await api.update(changedFrom(saved!, next));
      setSaved(stored);
      setDraft(stored);
      setStatus({ tone: 'ok', text: savedText });
    } catch (e) {
      setStatus({ tone: 'error', text: refusal(e) });
    }
  };
  return { saved, draft, dirsText, setDirsText, rootsText, setRootsText, status, set, save };
}

/**
 * What a refused call says, without its IPC wrapping ("Error invoking remote method
 * 'settings:update': Error: invalid settings:update payload: "): the field and the rule.
 */
export function refusal(e: unknown): string {
  return String(e instanceof Error ? e.message : e)
    .replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '')
    .replace(/^invalid [\w:-]+ payload: /, '');
}

/** The settings of `next` that differ from `saved`. */
function changedFrom(saved: DesktopSettings, next: DesktopSettings): DesktopSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof DesktopSettings)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) patch[key] = next[key];
  }
  return patch as DesktopSettingsPatch;
}

/** The non-empty lines of a one-path-per-line field, trimmed. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
