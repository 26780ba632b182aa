import type { Dictionary } from './en';
import { inbox } from './zh/inbox';
import { runs } from './zh/runs';
import { approvals } from './zh/approvals';
import { resolution } from './zh/resolution';
import { triage } from './zh/triage';

/** 简体中文界面文案。 */
export const zh: Dictionary = { ...inbox, ...runs, ...approvals, ...resolution, ...triage };
