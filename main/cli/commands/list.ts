import type { Command } from 'commander';
import { scanHandshakeDir } from '../../adapters/clarity-file';
import { action, resolveHandshakeDir, withUsageExitCode } from '../options';
import { renderQuestionTable } from '../terminal/question-table';
import { terminalWidth } from '../terminal/text';
import type { RegisterCommand } from './index';

interface ListFlags {
  dir?: string;
  json?: boolean;
}

/** One pending question as `list --json` prints it. */
export interface ListedQuestion {
  key: string;
  /** The question file's name inside the directory. */
  file: string;
  question: string;
  createdAt: number;
  ageSeconds: number;
  pid?: number;
}

/** `clarity-hitl list [dir]`: the pending (not yet answered) question files. */
export const registerList: RegisterCommand = (program: Command) => {
  const command = program
    .command('list [dir]')
    .description('list pending question files (not yet answered)')
    .option('--dir <path>', 'handshake directory (default: $CLARITY_HITL_DIR or .clarity-hitl/)')
    .option('--json', 'print a JSON array for scripts')
    .addHelpText('after', '\nInvalid question files are reported on stderr and left out.')
    .action(
      action(async (dirArg: string | undefined, flags: ListFlags) => {
        const dir = resolveHandshakeDir(dirArg, flags.dir);
        const now = Date.now();
        const scan = await scanHandshakeDir(dir, now);
        for (const bad of scan.invalid)
          process.stderr.write(`clarity-hitl: invalid question file: ${bad.reason}\n`);
        const pending = scan.questions.filter((q) => !q.answered);
        if (flags.json) {
          const listed: ListedQuestion[] = pending.map((q) => ({
            key: q.question.key,
            file: `${q.baseName}.question`,
            question: q.question.question,
            createdAt: q.createdAt,
            ageSeconds: Math.max(0, Math.floor((now - q.createdAt) / 1000)),
            ...(q.question.pid !== undefined ? { pid: q.question.pid } : {}),
          }));
          process.stdout.write(JSON.stringify(listed, null, 2) + '\n');
          return;
        }
        if (pending.length === 0) {
          process.stdout.write(`No pending questions in ${dir}\n`);
          return;
        }
        const rows = pending.map((q) => ({
          key: q.question.key,
          ageMs: now - q.createdAt,
          question: q.question.question,
        }));
        process.stdout.write(renderQuestionTable(rows, terminalWidth(process.stdout)));
      }),
    );
  withUsageExitCode(command);
};
