/** The AI Tools screen (SPEC §2: four cards, each with two buttons) and what counts as one use of a tool. */
import type { Deadline } from '../rules/types';

export const AI_TOOLS = {
  'document-analysis': 'Document Analysis',
  'brief-generator': 'Legal Brief Generator',
  'compliance-checker': 'Compliance Checker',
  'deadline-tracker': 'Deadline Tracker',
} as const;
export type AiTool = keyof typeof AI_TOOLS;
export const AI_TOOL_CODES = Object.keys(AI_TOOLS) as [AiTool, ...AiTool[]];

/** The Legal Brief Generator's templates (`POST /ai/brief`, `template`). */
export const BRIEF_TEMPLATES = {
  'cover-letter': 'Cover letter for a filing packet',
  'rfe-response': 'RFE response outline',
  'bona-fide-marriage': 'I-130 bona fide marriage evidence summary',
  'client-checklist': 'Client checklist letter',
} as const;
export type BriefTemplate = keyof typeof BRIEF_TEMPLATES;
export const BRIEF_TEMPLATE_CODES = Object.keys(BRIEF_TEMPLATES) as [BriefTemplate, ...BriefTemplate[]];

export const BRIEF_FORMATS = ['pdf', 'docx'] as const;
export type BriefFormat = (typeof BRIEF_FORMATS)[number];

/** A deadline of one of the firm's open cases (the dashboard's list, the calendar feed, the reminders). */
export type CaseDeadline = {
  case: { id: string; caseNumber: string; clientName: string; assignee: { id: string; name: string } | null };
  deadline: Deadline;
};
