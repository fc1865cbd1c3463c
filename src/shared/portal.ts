/** The client portal's shapes and the firm's words about it, shared by the server, the pages and the islands. */
import type { Language } from './people';

export const DOCUMENT_REQUEST_STATUSES = ['requested', 'uploaded', 'accepted', 'returned'] as const;
export type DocumentRequestStatus = (typeof DOCUMENT_REQUEST_STATUSES)[number];
export const DOCUMENT_REQUEST_STATUS_LABELS: Record<DocumentRequestStatus, string> = {
  requested: 'Requested',
  uploaded: 'Uploaded',
  accepted: 'Accepted',
  returned: 'Returned',
};

/** A document the firm asked a client for (POST {API}/cases/{id}/document-requests). */
export type DocumentRequest = {
  id: string;
  caseId: string;
  personId: string;
  title: string;
  note: string | null;
  status: DocumentRequestStatus;
  /** Why the firm returned what was sent. */
  reason: string | null;
  document: { id: string; name: string } | null;
  requestedAt: string;
  uploadedAt: string | null;
  decidedAt: string | null;
};

/** A message between the firm and a client about a matter (their thread: the case and the person). */
export type PortalMessage = {
  id: string;
  caseId: string;
  personId: string;
  fromClient: boolean;
  /** Who wrote it: the firm member's or the client's name. */
  author: string | null;
  body: string;
  sentAt: string;
};

/** A person of a case and their portal sign-in, as the firm sees it. */
export type PortalAccountStatus = {
  personId: string;
  name: string;
  email: string | null;
  language: Language;
  account: { loginId: string; status: 'active' | 'pending' | 'suspended'; lastLoginAt: string | null } | null;
};

export const MESSAGE_MAX = 5000;
export const REQUEST_TITLE_MAX = 200;
export const REQUEST_NOTE_MAX = 1000;

export const PORTAL_MESSAGES = {
  choosePerson: 'Choose a person of this case',
  noEmail: (name: string) =>
    `${name} has no email on record: add it to their record first, so the invitation can reach them.`,
  hasAccount: (name: string) => `${name} already has a portal account.`,
  requestNotFound: 'Document request not found.',
  notUploaded: (status: DocumentRequestStatus) =>
    `Only a document the client has sent can be accepted or returned; this request is ${DOCUMENT_REQUEST_STATUS_LABELS[status].toLowerCase()}.`,
  titleRequired: 'Say which document you need',
  reasonRequired: 'Say why it is returned, so the client knows what to send',
  invited: (name: string, loginId: string) =>
    `${name} was invited to the portal with the user ID ${loginId}.`,
  requested: 'The document was requested. The client is emailed that a request waits (not what it is).',
  accepted: 'The document was accepted.',
  returned: 'The document was returned to the client with your reason.',
  sent: 'Your message was sent. The client is emailed that a message waits (not what it says).',
};
