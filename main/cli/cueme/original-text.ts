/**
 * The texts the original `cueme` 0.1.16 prints, word for word, so an agent whose prompts were
 * written for it reads the same from this drop-in.
 */
import { defaultHelp } from '../../config/help-text';

/** Appended to answers: the reminder to keep cueing (in the original's Chinese). */
export const CUE_REMINDER =
  '重要：【Human Agent Protocol 强制遵循】你必须遵循Human Agent Protocol协议：在每次完成我的指令之前或回答问题时，必须向我 cue（即调用 cue(prompt, agent_id, payload?) 让我继续输入）。未实际调用 cue之前，不得结束回复；\n\n' +
  "重要：【todo_list 强制检查】开始执行此条用户指令前，请检查当前 todo_list，并确保最后一条任务为'用 cue发送{{用户这条指令所对应的可能的响应}}'。 若不存在，必须立即补充添加。";

/** The operator answered with text: "the user wants to continue, with these instructions". */
export const answeredText = (text: string) =>
  `用户希望继续，并提供了以下指令：\n\n${text}\n\n${CUE_REMINDER}`;

export const NO_INPUT_TEXT = `No user input received. Call pause(agent_id) to suspend and wait for resume.\n\n${CUE_REMINDER}`;
export const RESUMED_TEXT = `The user resumed the conversation.\n\n${CUE_REMINDER}`;
export const CUE_CANCELLED_TEXT =
  'The user did not continue. Call pause(agent_id) to suspend and wait for resume.\n\n';
export const PAUSE_CANCELLED_TEXT = CUE_CANCELLED_TEXT + CUE_REMINDER;
export const CUE_TIMEOUT_TEXT =
  'Timed out waiting for user response. You MUST NOT continue or add any extra output. Immediately call pause(agent_id) and stop output until resumed.\n\n';
export const PAUSE_TIMEOUT_TEXT =
  'Tool call was cancelled. Call pause(agent_id) to suspend and wait for resume.\n\n';

/** What `join` prints after the four `key=value` lines. */
export function joinInstructions(platform: NodeJS.Platform = process.platform): string {
  const windows =
    platform === 'win32'
      ? 'Windows detected. To fix encoding issues with Chinese characters:\n' +
        '1. Run: cueme fix powershell_utf-8\n' +
        '2. Restart your terminal\n\n'
      : '';
  return (
    windows +
    'Use this agent_id when calling: cueme cue <agent_id> -\n' +
    'Then provide stdin with tag-block envelope (stdin MUST NOT be empty):\n' +
    '<cueme_prompt>\n...\n</cueme_prompt>\n' +
    '<cueme_payload>\n...\n</cueme_payload>\n\n' +
    'Remember this agent_id (but do NOT store it in any memory module). Before ending this session, call cue to provide a final summary, ask a question, or make a request.'
  );
}

/** stderr for an empty `cue -` / `pause -` stdin. */
export const emptyStdinError = (allowPayload: boolean) =>
  'error: stdin cannot be empty. You MUST provide input using tag-block envelope:\n' +
  '<cueme_prompt>\n...\n</cueme_prompt>\n' +
  (allowPayload ? '<cueme_payload>\n...\n</cueme_payload>\n' : '') +
  'This is critical for proper interaction flow.\n';

export const USAGE = [
  'cueme',
  '',
  'Usage:',
  '  cueme -v|--version',
  '  cueme -p|--protocol',
  '  cueme proto <agent>',
  '  cueme proto apply <agent>',
  '  cueme proto rm|remove <agent>',
  '  cueme proto init',
  '  cueme proto ls',
  '  cueme proto path <agent>',
  '  cueme fix <issue>',
  '  cueme migrate',
  '  cueme join <agent_runtime>',
  '  cueme recall <hints>',
  '  cueme cue <agent_id> -',
  '  cueme pause <agent_id> [prompt|-]',
  '',
  'Cue stdin envelope (tag blocks; tags must be alone on their line):',
  '  <cueme_prompt>',
  '  ...raw prompt text...',
  '  </cueme_prompt>',
  '  <cueme_payload>',
  '  ...JSON object or null...',
  '  </cueme_payload>',
  '',
  'Pause stdin envelope (tag blocks; tags must be alone on their line):',
  '  <cueme_prompt>',
  '  ...raw prompt text...',
  '  </cueme_prompt>',
  '',
  'Output:',
  '  - join/cue/pause: plain text (stdout)',
  '',
  'HITL Broker options:',
  `  --broker <url>     the broker (${defaultHelp('brokerUrl')})`,
  '  --timeout <s>      seconds `cue` waits (default 600; 0 = no limit)',
].join('\n');
