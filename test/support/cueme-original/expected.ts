/** What the original cueme 0.1.16 prints (its handler.js texts), to compare outputs against. */
export const CONSTRAINT =
  '重要：【Human Agent Protocol 强制遵循】你必须遵循Human Agent Protocol协议：在每次完成我的指令之前或回答问题时，必须向我 cue（即调用 cue(prompt, agent_id, payload?) 让我继续输入）。未实际调用 cue之前，不得结束回复；\n\n' +
  "重要：【todo_list 强制检查】开始执行此条用户指令前，请检查当前 todo_list，并确保最后一条任务为'用 cue发送{{用户这条指令所对应的可能的响应}}'。 若不存在，必须立即补充添加。";

/** stdout of `cue`/`pause` answered with `text`. */
export const answered = (text: string) =>
  `用户希望继续，并提供了以下指令：\n\n${text}\n\n${CONSTRAINT}\n`;
/** stdout of a `cue` whose answer was cancelled. */
export const cueCancelled =
  'The user did not continue. Call pause(agent_id) to suspend and wait for resume.\n\n\n';
/** stdout of a `pause` resumed without a message. */
export const pauseResumed = `The user resumed the conversation.\n\n${CONSTRAINT}\n`;

/** The stdin envelope of `cueme cue <id> -`. */
export const envelope = (prompt: string, payload?: unknown) =>
  `<cueme_prompt>\n${prompt}\n</cueme_prompt>\n` +
  (payload === undefined ? '' : `<cueme_payload>\n${JSON.stringify(payload)}\n</cueme_payload>\n`);
