import { isAbsolute } from 'node:path';
import { InvalidInputError } from '../../broker/errors';
import type { InputSpec } from '@contract/request';
import type { HilUi } from './schemas';

/**
 * Maps a HIL `ui` hint to the request's input kind: confirm → confirm, text → text (placeholder
 * kept), file_pick → file with the pattern rooted at the task's workspace (`task_id`), which
 * `checkRoot` must allow.
 */
export function hilUiToInput(
  ui: HilUi | undefined,
  taskId: string | undefined,
  checkRoot: (root: string) => string = (root) => root,
): InputSpec {
  if (!ui) return { kind: 'text' };
  switch (ui.type) {
    case 'confirm':
      return {
        kind: 'confirm',
        ...(ui.text ? { text: ui.text } : {}),
        ...(ui.danger !== undefined ? { danger: ui.danger } : {}),
      };
    case 'text':
      return ui.placeholder ? { kind: 'text', placeholder: ui.placeholder } : { kind: 'text' };
    case 'file_pick':
      if (!taskId || !isAbsolute(taskId)) {
        throw new InvalidInputError(
          'invalid ui: file_pick needs task_id, the absolute workspace path its pattern is rooted at',
        );
      }
      // The operator's policy decides (FileRootPolicy); the request keeps the real path.
      return { kind: 'file', pattern: ui.pattern, root: checkRoot(taskId) };
  }
}
