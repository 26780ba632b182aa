import type { HitlRequest } from '@contract/request';
import { Markdown } from '../../markdown/Markdown';
import { splitCallPrompt } from './card-prompt';
import { ToolCallView } from './ToolCallView';

/**
 * A request's prompt on a card. A coding agent's call with a view of its own reads: the adapter's
 * lead line, the call (diff, command, host, ...), then the project and session; AskUserQuestion
 * the lead and the footer (its answer form shows the questions); any other prompt is the markdown
 * as it is.
 */
export function CallPrompt({
  request,
  text,
  className,
  label,
}: {
  request: Pick<HitlRequest, 'input'>;
  text: string;
  className: string;
  label: string;
}) {
  const input = request.input.kind === 'approval' ? request.input : undefined;
  const call = input?.call;
  // AskUserQuestion's questions are on the answer form itself, with their options.
  const shownBelow = call !== undefined || input?.questions !== undefined;
  const parts = shownBelow ? splitCallPrompt(text) : undefined;
  if (!parts) return <Markdown text={text} className={className} label={label} />;
  return (
    <>
      <Markdown text={parts.lead} className={className} label={label} />
      {call ? <ToolCallView call={call} /> : null}
      <Markdown text={parts.footer} className={`${className} call-footer`} />
    </>
  );
}
