import type { Broker } from '../../broker/broker';
import type { HitlRequest, InputSpec } from '@contract/request';
import { TOOL_SERVER_SOURCE } from './hil-task';
import type { HilUi } from './schemas';
import { hilUiToInput } from './ui-input';

/** What a JSONL `human_in_loop` event adds to its task: title, message, ui, timeout_sec. */
export interface HilAnnotation {
  title?: string;
  message?: string;
  ui?: HilUi;
  timeout_sec?: number;
}

/**
 * Applies JSONL `human_in_loop` events to the matching hil_id request. The event and the held
 * execute call race (either may come first), so an annotation for a task that is not waiting yet
 * is kept (bounded, newest wins) and applied when the execute call registers it.
 */
export class HilAnnotations {
  private readonly early = new Map<string, HilAnnotation>();

  constructor(
    private readonly broker: Broker,
    private readonly capacity = 1000,
    private readonly checkRoot?: (root: string) => string,
  ) {}

  /** Applies now when the task waits (returns the updated request), else stores it for later. */
  annotate(hilId: string, annotation: HilAnnotation): HitlRequest | null {
    const pending = this.broker.findPending(TOOL_SERVER_SOURCE, hilId);
    if (pending) return this.apply(pending, annotation);
    this.early.delete(hilId);
    this.early.set(hilId, annotation);
    if (this.early.size > this.capacity) this.early.delete(this.early.keys().next().value!);
    return null;
  }

  /** Called right after execute registers `request`: applies a stored annotation, if any. */
  applyEarly(request: HitlRequest): HitlRequest {
    const annotation = this.early.get(request.key);
    if (!annotation) return request;
    this.early.delete(request.key);
    return this.apply(request, annotation);
  }

  private apply(request: HitlRequest, a: HilAnnotation): HitlRequest {
    const patch: Parameters<Broker['update']>[1] = {};
    if (a.title?.trim()) patch.title = a.title.trim();
    if (a.message?.trim()) patch.prompt = a.message;
    if (a.ui) {
      const root = typeof request.meta?.taskId === 'string' ? request.meta.taskId : undefined;
      patch.input = safeInput(a.ui, root, this.checkRoot) ?? request.input;
    }
    if (a.timeout_sec && a.timeout_sec > 0 && request.expiresAt === undefined) {
      patch.expiresAt = request.createdAt + a.timeout_sec * 1000;
    }
    return Object.keys(patch).length ? this.broker.update(request.id, patch) : request;
  }
}

function safeInput(
  ui: HilUi,
  root: string | undefined,
  checkRoot?: (root: string) => string,
): InputSpec | undefined {
  try {
    return hilUiToInput(ui, root, checkRoot);
  } catch {
    return undefined; // a file_pick without an allowed workspace keeps the current input
  }
}
