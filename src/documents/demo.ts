import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createCaseRecords } from '../cases/service';
import type { DB } from '../db/schema';
import { demoDocumentFiles } from '../demo/files';
import { insertQueued } from './service';
import type { DocumentStorage } from './storage';
import { createDocumentsStore } from './store';

/**
 * The demo firm's 89 documents (SPEC §9): real files made here (PDFs with text, scans as images, DOCX
 * letters), each stored and queued for the same analysis as an upload, which the job runner does once the
 * app is up. A demo data folder seeded before documents existed gets them on its next start.
 */
export async function seedDemoDocuments(
  trx: Kysely<DB>,
  firm: { id: string; today: string; uploadedBy: string },
  storage: DocumentStorage,
): Promise<number> {
  const store = createDocumentsStore(trx);
  if ((await store.countOfFirm(firm.id)) > 0) return 0;
  const { clients, cases } = await createCaseRecords(trx).ofFirm(firm.id, new Map());
  const clientOf = new Map(clients.map((c) => [c.id, c]));
  const files = await demoDocumentFiles(
    cases.map((c) => {
      const client = clientOf.get(c.client.id);
      return {
        id: c.id,
        caseNumber: c.caseNumber,
        clientName: c.client.name,
        clientFirstName: client?.firstName ?? null,
        clientLastName: client?.lastName ?? null,
        clientANumber: client?.aNumber ?? null,
        clientAddress: client?.address ?? null,
        formType: c.formType,
        caseType: c.caseType,
        clientCountry: client?.countryOfCitizenship ?? null,
        clientBirthDate: client?.dateOfBirth ?? null,
        receiptNumber: c.receiptNumber,
        dueDate: c.dueDate,
      };
    }),
    firm.today,
  );
  const caseById = new Map(cases.map((c) => [c.id, c]));
  await storage.prepare();
  for (const file of files) {
    const id = crypto.randomUUID();
    const key = await storage.write(firm.id, id, file.bytes);
    await insertQueued(trx, {
      id,
      firm_id: firm.id,
      case_id: file.caseId,
      client_id: caseById.get(file.caseId)?.client.id ?? null,
      category: file.category,
      category_chosen: true,
      name: file.name,
      kind: file.kind,
      size: file.bytes.length,
      sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
      storage_key: key,
      uploaded_by: firm.uploadedBy,
    });
  }
  return files.length;
}
