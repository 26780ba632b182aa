import type { DesktopSettings } from '@contract/desktop-settings';
import { localizedPrompt, localizedTitle } from '@contract/hook-prompt';
import type { HitlBridge } from '@contract/ipc/bridge';
import type { IpcEnvelope } from '@contract/ipc/channels';
import { escapeControls } from '@contract/printable';
import type { AnswerInput, HitlRequest } from '@contract/request';
import { choiceAnswer, confirmAnswer } from '../answers/build-answer';
import { isDangerousConfirm } from '../answers/danger';
import { removeWhenAppRenders } from '../client/early-paint';
import { cardTitle } from '../format/card-title';
import { answerByKey } from '../keys/answer-by-key';
import { optionKeysOf } from '../keys/editing';
import { applyDesktopPrefs, rendererLanguage } from './desktop-prefs';
import { popoverKeyAction } from './popover-keys';

/** What the entry script asked the main process for, before this module had loaded. */
export interface EarlyCardData {
  /** The first pending request in the popover's order (`listPending({ limit: 1, order })`). */
  first: Promise<IpcEnvelope<{ requests: HitlRequest[] }>>;
  settings: Promise<IpcEnvelope<DesktopSettings>>;
}

type Labels = Record<'confirm' | 'decline' | 'loading', string>;

const LABELS: Record<'en' | 'zh', Labels> = {
  en: { confirm: 'Confirm', decline: 'Decline', loading: 'Loading…' },
  zh: { confirm: '确认', decline: '拒绝', loading: '正在加载…' },
};

function element<K extends keyof HTMLElementTagNameMap>(
  parent: HTMLElement,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = parent.appendChild(document.createElement(tag));
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The card's answer buttons: a plain confirm's two, a single choice's options; none otherwise. */
function answerButtons(request: HitlRequest, labels: Labels) {
  const input = request.input;
  if (input.kind === 'confirm' && !isDangerousConfirm(request))
    return [
      {
        text: input.confirmLabel || labels.confirm,
        answer: confirmAnswer(true, ''),
        primary: true,
      },
      { text: input.cancelLabel || labels.decline, answer: confirmAnswer(false, '') },
    ];
  if (input.kind === 'choice' && !input.multiple)
    return input.options.map((o, i) => ({
      text: `${i + 1}. ${o.label}`,
      answer: choiceAnswer([o.value], '')!,
      primary: i === 0,
    }));
  return [];
}

/**
 * The popover's first card on a cold open, painted by plain DOM while React and the app load
 * (they take a few hundred ms; the first request alone arrives in a few): the title and the whole
 * prompt as text (the app renders it as markdown when it takes over), and the answer buttons of a
 * plain confirm or a single choice, which answer on the popover's own keys (popoverKeyAction and
 * answerByKey: Y never answers here what the app would not answer with Y); Esc hides. Anything
 * else waits for the app. The card sits before `root` and goes as soon as the app renders.
 * Resolves once it is on screen (or when there is nothing to paint).
 */
export async function showEarlyCard(
  bridge: HitlBridge,
  root: HTMLElement,
  data: EarlyCardData,
): Promise<void> {
  const [first, settings] = await Promise.all([data.first, data.settings.catch(() => undefined)]);
  if (settings?.ok) applyDesktopPrefs(settings.value);
  const request = first.ok ? first.value.requests[0] : undefined;
  if (!request || root.childElementCount > 0 || !root.parentNode) return;
  const language =
    (settings?.ok && rendererLanguage(settings.value.language)) ||
    (navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  const labels = LABELS[language];

  const shell = document.createElement('div');
  shell.className = 'popover early-card';
  const card = element(shell, 'article', 'popover-card');
  card.tabIndex = -1;
  card.setAttribute('aria-labelledby', 'early-popover-title');
  card.setAttribute('aria-busy', 'true');
  const title = cardTitle({ ...request, title: localizedTitle(request, language) });
  element(card, 'h1', '', escapeControls(title)).id = 'early-popover-title';
  element(card, 'div', 'prompt popover-prompt early-text', localizedPrompt(request, language));
  const input = request.input;
  if (input.kind === 'confirm' && input.text) element(card, 'div', 'early-text', input.text);
  const error = element(card, 'p', 'error');
  error.setAttribute('role', 'alert');
  let busy = false;
  const send = (answer: AnswerInput) => {
    if (busy) return;
    busy = true;
    card.classList.add('resolved');
    bridge.answer({ id: request.id, input: answer }).then(
      (result) => {
        if (result.ok) return;
        busy = false;
        card.classList.remove('resolved');
        error.textContent = result.error.message;
      },
      () => undefined,
    );
  };
  const buttons = answerButtons(request, labels);
  const actions = element(card, 'div', 'actions');
  for (const b of buttons) {
    const button = element(actions, 'button', b.primary ? 'primary' : 'decline', b.text);
    button.type = 'button';
    button.onclick = () => send(b.answer);
  }
  if (!buttons.length) element(card, 'p', 'hint', labels.loading);

  const onKey = (event: KeyboardEvent) => {
    if (!shell.isConnected) return document.removeEventListener('keydown', onKey);
    if (event.key === 'Escape') return void bridge.hidePopover();
    // Only where the app's card would have its buttons focused: a text question's Y types into
    // its field there, so it must not answer here.
    if (!buttons.length) return;
    const action = popoverKeyAction(event, {
      kind: input.kind,
      inTextField: false,
      inMultiline: false,
      optionKeys: optionKeysOf(input),
    });
    const answer = action && answerByKey(request, action, card);
    if (!answer) return;
    event.preventDefault();
    send(answer);
  };
  document.addEventListener('keydown', onKey);
  root.parentNode.insertBefore(shell, root);
  removeWhenAppRenders(shell, root);
  (actions.querySelector<HTMLElement>('.primary') ?? card).focus();
}
