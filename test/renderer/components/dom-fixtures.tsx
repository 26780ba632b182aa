import { render, type RenderResult } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';
import type { ReactElement } from 'react';
import type { HitlRequest } from '@contract/request';
import { I18nProvider } from '../../../renderer/src/i18n/I18nProvider';
import type { Language } from '../../../renderer/src/i18n/translate';

/** Renders `ui` inside the app's language provider (English unless told). */
export function renderWithI18n(ui: ReactElement, language: Language = 'en'): RenderResult {
  return render(<I18nProvider language={language}>{ui}</I18nProvider>);
}

/** A pending request of the given input (text unless told), created a minute before `now`. */
export function request(over: Partial<HitlRequest> & { id: string }): HitlRequest {
  return {
    source: 'clarity-http',
    key: over.id,
    prompt: 'What now?',
    input: { kind: 'text' },
    createdAt: Date.now() - 60_000,
    status: 'pending',
    ...over,
  };
}

/**
 * A stand-in IntersectionObserver the test drives: `showAll()` reports every observed element
 * as in view (happy-dom lays nothing out, so nothing is ever "seen" by itself).
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element): void {
    this.targets.add(el);
  }
  unobserve(el: Element): void {
    this.targets.delete(el);
  }
  disconnect(): void {
    this.targets.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Tells every live observer that its elements are in view. */
  static showAll(): void {
    for (const o of FakeIntersectionObserver.instances) {
      const entries = [...o.targets].map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

/** The box sizes happy-dom reports as 0 (it lays nothing out). */
const SIZED = ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth'] as const;

/**
 * Gives every box a size for the test file (beforeAll, undone afterAll): happy-dom lays nothing
 * out, and the virtualised list renders no rows in a box of size 0.
 */
export function useSizedDom(size = 600): void {
  beforeAll(() => {
    for (const prop of SIZED)
      Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
  });
  afterAll(() => {
    for (const prop of SIZED)
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  });
}
