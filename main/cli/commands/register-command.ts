import type { Command } from 'commander';

/** Each command module adds one subcommand to the program (see commands/index.ts). */
export type RegisterCommand = (program: Command) => void;
