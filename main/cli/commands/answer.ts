import type { Command } from 'commander';
import { answerQuestionInDir } from '../../adapters/clarity-file';
import { resolveThroughBroker } from '../broker-fallback';
import { appendCliAudit, pendingHint } from '../file-command';
import { prewriteAnswer } from '../prewritten-answer';
import { dirBroker, resolveInOwningBroker } from '../handshake-owner';
import {
  CliError,
  ExitCode,
  action,
  resolveHandshakeDir,
  withUsageExitCode,
  DIR_HELP,
} from '../options';
import type { RegisterCommand } from './register-command';
import { TOKEN_HELP } from '../broker-client/locate-broker';
import { optionHelp } from '../../config/help-text';
import { escapeControls } from '@contract/printable';

interface AnswerFlags {
  dir?: string;
  log?: string;
  broker?: string;
  token?: string;
}

/** `clarity-hitl answer <key> <response>`: writes the answer file for a pending question. */
export const registerAnswer: RegisterCommand = (program: Command) => {
  const command = program
    .command('answer <key> <response>')
    .description('write the answer for a pending question (by key or question file name)')
    .option('--dir <path>', DIR_HELP)
    .option('--log <file>', 'append a JSONL audit line')
    .option(
      '--broker <url>',
      optionHelp('brokerUrl', 'running broker for keys without a question file'),
    )
    .option('--token <token>', TOKEN_HELP)
    .addHelpText(
      'after',
      `
<response> "-" reads the answer from stdin (multi-line answers). "" is an empty approval.
A key with no question file in the directory (HTTP mode, cueme, Tool Server Lite, QuestFoundry,
MCP) is answered through the running broker instead, and so is every key of a directory a
running broker watches (it owns the directory; the answer file is then written by it). A key
nobody asks yet gets its answer file written ahead ({safeKey}.answer, said on stderr): the
runtime finds it when it asks.

Examples:
  clarity-hitl answer review-step-3 "Looks good, proceed"
  git diff | clarity-hitl answer review_step_3.question -

Exit codes: 0 written, 3 no such question in a directory a broker owns, 4 already answered,
2 usage error.`,
    )
    .action(
      action(async (key: string, response: string, flags: AnswerFlags) => {
        const dir = resolveHandshakeDir(undefined, flags.dir);
        const text = response === '-' ? await readStdin() : response;
        const owner = dirBroker(dir);
        if (owner) {
          process.stdout.write(
            await resolveInOwningBroker(owner, dir, 'answer', key, text, flags.token),
          );
          return;
        }
        const result = await answerQuestionInDir(dir, key, text);
        if (result.status === 'not_found') {
          const viaBroker = await resolveThroughBroker(
            'answer',
            key,
            text,
            flags.broker,
            flags.token,
          );
          if (viaBroker.handled) {
            process.stdout.write(
              `Answered ${escapeControls(key)} through the broker at ${viaBroker.url}\n`,
            );
            return;
          }
          await writeBeforeAsked(dir, key, text, result.known, flags.log);
          return;
        }
        if (result.status === 'already_answered') {
          throw new CliError(
            `${escapeControls(result.entry.question.key)} is already answered (${result.entry.answerFile} exists)`,
            ExitCode.conflict,
          );
        }
        const { entry } = result;
        await appendCliAudit(flags.log, entry, { event: 'answered', response: text });
        process.stdout.write(
          `Answered ${escapeControls(entry.question.key)} → ${entry.answerFile}\n`,
        );
      }),
    );
  withUsageExitCode(command);
};

/**
 * No question asks for `key` yet: writes its answer for the runtime to find when it asks (as the
 * reference broker does), and says so on stderr, with what is pending, so a typo is noticed.
 */
async function writeBeforeAsked(
  dir: string,
  key: string,
  text: string,
  known: string[],
  logFile: string | undefined,
): Promise<void> {
  const { path, written } = await prewriteAnswer(dir, key, text);
  if (!written)
    throw new CliError(
      `no question asks for "${escapeControls(key)}" yet, and ${path} already waits for it`,
      ExitCode.conflict,
    );
  await appendCliAudit(logFile, { key }, { event: 'answered', response: text });
  process.stderr.write(
    `clarity-hitl: no question "${escapeControls(key)}" was pending in ${dir} (${pendingHint(known)}); the answer waits for the runtime to ask\n`,
  );
  process.stdout.write(`Wrote answer: ${path}\n`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
