import { inbox } from './en/inbox';
import { runs } from './en/runs';
import { approvals } from './en/approvals';
import { resolution } from './en/resolution';
import { triage } from './en/triage';

/**
 * English UI strings; `{name}` placeholders are filled by `translate`. One file per area under
 * en/ (and the same under zh/, typed by these, so both dictionaries keep the same keys).
 */
export const en = { ...inbox, ...runs, ...approvals, ...resolution, ...triage } as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;
