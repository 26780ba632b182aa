import { lazy, Suspense } from 'react';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { ApprovalAnswer } from './inputs/ApprovalAnswer';
import { ChoiceAnswer } from './inputs/ChoiceAnswer';
import { ConfirmAnswer } from './inputs/ConfirmAnswer';
import { FormAnswer } from './inputs/FormAnswer';
import { NoticeAnswer } from './inputs/NoticeAnswer';
import { TextAnswer } from './inputs/TextAnswer';

// A file pick (Tool Server Lite's `ui: {type: "file"}`) is rare: its picker loads when one shows.
const FilePickAnswer = lazy(() =>
  import('./inputs/FilePickAnswer').then((m) => ({ default: m.FilePickAnswer })),
);

interface Props {
  request: HitlRequest;
  client: InboxClient;
  busy: boolean;
  submit: (answer: AnswerInput) => void;
}

/** The native input for what the request wants (`request.input.kind`). */
export function AnswerArea({ request, ...rest }: Props) {
  const input = request.input;
  switch (input.kind) {
    case 'text':
      return <TextAnswer request={{ ...request, input }} {...rest} />;
    case 'confirm':
      return <ConfirmAnswer request={{ ...request, input }} {...rest} />;
    case 'choice':
      return <ChoiceAnswer request={{ ...request, input }} {...rest} />;
    case 'form':
      return <FormAnswer request={{ ...request, input }} {...rest} />;
    case 'file':
      return (
        <Suspense fallback={null}>
          <FilePickAnswer request={{ ...request, input }} {...rest} />
        </Suspense>
      );
    case 'approval':
      return <ApprovalAnswer request={{ ...request, input }} {...rest} />;
    case 'notice':
      return <NoticeAnswer request={request} />;
  }
}
