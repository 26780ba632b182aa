import picomatch from 'picomatch';
import { InvalidInputError } from '../../broker/errors';
import type { AnswerInput, HitlRequest } from '@contract/request';
import { resolvePickedPath } from './list-files';

/**
 * For a file-pick request, checks that the picked path is a file inside the request's root that
 * matches its pattern (what the operator could have been shown), and normalises it; other
 * answers pass through unchanged.
 */
export async function checkPickedFile(
  request: HitlRequest,
  input: AnswerInput,
): Promise<AnswerInput> {
  if (request.input.kind !== 'file' || input.value?.kind !== 'file') return input;
  const path = await resolvePickedPath(request.input.root, input.value.path);
  if (!picomatch(request.input.pattern.trim(), { dot: false })(path)) {
    throw new InvalidInputError(
      `invalid answer: value.path: ${path} does not match ${request.input.pattern}`,
    );
  }
  return {
    ...input,
    value: { kind: 'file', path },
    text: input.text === input.value.path ? path : input.text,
  };
}
