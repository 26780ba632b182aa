import type { Command } from 'commander';
import { cancelQuestionInDir } from '../../adapters/clarity-file';
import { resolveThroughBroker } from '../broker-fallback';
import { appendCliAudit, describeNotFound } from '../file-command';
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

interface CancelFlags {
  dir?: string;
  log?: string;
  broker?: string;
  token?: string;
}

/** `clarity-hitl cancel <key>`: deletes the question file without writing an answer. */
export const registerCancel: RegisterCommand = (program: Command) => {
  const command = program
    .command('cancel <key>')
    .description('delete a pending question file without answering (the runtime then times out)')
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
<key> is the question's key or its file name (with or without .question).
The Clarity runtime returns "[hitl_ask timeout]" when its own timeout runs out.
A key with no question file (HTTP mode, cueme, Tool Server Lite, ...) is cancelled through the
running broker instead, and so is every key of a directory a running broker watches.

A question answered already loses its question file only: its answer stays for the runtime.

Exit codes: 0 cancelled, 3 no such pending question, 4 already answered (through a broker,
where the answer is not in a file), 2 usage error.`,
    )
    .action(
      action(async (key: string, flags: CancelFlags) => {
        const dir = resolveHandshakeDir(undefined, flags.dir);
        const owner = dirBroker(dir);
        if (owner) {
          process.stdout.write(
            await resolveInOwningBroker(owner, dir, 'cancel', key, undefined, flags.token),
          );
          return;
        }
        const result = await cancelQuestionInDir(dir, key);
        if (result.status === 'not_found') {
          const viaBroker = await resolveThroughBroker(
            'cancel',
            key,
            undefined,
            flags.broker,
            flags.token,
          );
          if (viaBroker.handled) {
            process.stdout.write(
              `Cancelled: ${escapeControls(key)} through the broker at ${viaBroker.url}\n`,
            );
            return;
          }
          throw new CliError(
            `${describeNotFound(key, dir, result.known)}; ${viaBroker.why}`,
            ExitCode.notFound,
          );
        }
        const { entry } = result;
        if (result.status === 'already_answered')
          process.stderr.write(
            `${escapeControls(entry.question.key)} was answered already; its answer stays in ${entry.answerFile} for the runtime\n`,
          );
        await appendCliAudit(flags.log, entry, { event: 'cancelled' });
        process.stdout.write(
          `Cancelled: ${escapeControls(entry.question.key)} (deleted ${entry.questionFile})\n`,
        );
      }),
    );
  withUsageExitCode(command);
};
