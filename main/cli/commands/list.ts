import type { Command } from 'commander';
import { scanHandshakeDir } from '../../adapters/clarity-file';
import { action, resolveHandshakeDir, withUsageExitCode, DIR_HELP } from '../options';
import { escapeControls } from '@contract/printable';
import { renderQuestionTable } from '../terminal/question-table';
import { terminalWidth } from '../terminal/text';
import type { RegisterCommand } from './register-command';
import { brokerUrlFromEnv, locateBroker, TOKEN_HELP } from '../broker-client/locate-broker';
import { envNames } from '../../config/help-text';
import { listBrokerRequests } from './list-broker';

interface ListFlags {
  dir?: string;
  json?: boolean;
  broker?: string;
  token?: string;
}

/** One pending question as `list --json` prints it. */
export interface ListedQuestion {
  status: 'pending';
  key: string;
  /** The question file's name inside the directory. */
  file: string;
  question: string;
  createdAt: number;
  ageSeconds: number;
  pid?: number;
}

/** A `.question` file that could not be read, as `list --json` prints it (after the questions). */
export interface ListedUnreadable {
  status: 'unreadable';
  file: string;
  field?: string;
  reason: string;
}

/** `clarity-hitl list [dir]`: the pending (not yet answered) question files, and the unreadable ones. */
export const registerList: RegisterCommand = (program: Command) => {
  const command = program
    .command('list [dir]')
    .description('list pending question files (not yet answered)')
    .option('--dir <path>', DIR_HELP)
    .option('--json', 'print a JSON array for scripts')
    .option(
      '--broker <url>',
      `list a broker's pending requests (every protocol) instead of a directory (default: ${envNames('brokerUrl')} when no directory is given)`,
    )
    .option('--token <token>', TOKEN_HELP)
    .addHelpText(
      'after',
      '\nQuestion files that cannot be read are listed after the table ("could not read": file,\n' +
        'field, reason) and in --json as entries with "status": "unreadable".',
    )
    .action(
      action(async (dirArg: string | undefined, flags: ListFlags) => {
        const brokerUrl = flags.broker ?? (dirArg || flags.dir ? undefined : brokerUrlFromEnv());
        if (brokerUrl) {
          const broker = locateBroker(brokerUrl, undefined, flags.token, 'operator');
          process.stdout.write(await listBrokerRequests(broker, flags.json === true));
          return;
        }
        const dir = resolveHandshakeDir(dirArg, flags.dir);
        const now = Date.now();
        const scan = await scanHandshakeDir(dir, now);
        const unreadable: ListedUnreadable[] = scan.invalid.map((bad) => ({
          status: 'unreadable',
          file: bad.file,
          ...(bad.field ? { field: bad.field } : {}),
          reason: bad.reason,
        }));
        for (const bad of scan.invalid)
          process.stderr.write(
            `clarity-hitl: invalid question file: ${escapeControls(bad.reason)}\n`,
          );
        const pending = scan.questions.filter((q) => !q.answered);
        if (flags.json) {
          const listed: Array<ListedQuestion | ListedUnreadable> = pending.map((q) => ({
            status: 'pending' as const,
            key: q.question.key,
            file: `${q.baseName}.question`,
            question: q.question.question,
            createdAt: q.createdAt,
            ageSeconds: Math.max(0, Math.floor((now - q.createdAt) / 1000)),
            ...(q.question.pid !== undefined ? { pid: q.question.pid } : {}),
          }));
          listed.push(...unreadable);
          process.stdout.write(JSON.stringify(listed, null, 2) + '\n');
          return;
        }
        const problems = renderUnreadable(unreadable);
        // The reference broker's first line (its clients look for it).
        const heading = `Handshake directory: ${escapeControls(dir)}\n`;
        if (pending.length === 0) {
          process.stdout.write(`${heading}No pending questions.\n${problems}`);
          return;
        }
        const rows = pending.map((q) => ({
          key: q.question.key,
          ageMs: now - q.createdAt,
          question: q.question.question,
        }));
        process.stdout.write(
          heading + renderQuestionTable(rows, terminalWidth(process.stdout)) + problems,
        );
      }),
    );
  withUsageExitCode(command);
};

/** The "could not read" lines printed after the table (empty when every file was read). */
function renderUnreadable(items: ListedUnreadable[]): string {
  if (items.length === 0) return '';
  const lines = items.map(
    (item) =>
      `  ${escapeControls(item.file)}${item.field ? ` (field ${escapeControls(item.field)})` : ''}: ${escapeControls(item.reason)}`,
  );
  return `\nCould not read ${items.length} question file${items.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n`;
}
