import { z } from 'zod';
import { checkedAs, declareFor } from '../access/action';
import { listCases } from '../cases/actions';
import { caseListQuery } from '../cases/schema';
import { firmOf } from '../cases/service';
import type { DocumentsDeps } from './actions';
import { getDocument, listDocuments } from './actions';

const read = declareFor<DocumentsDeps>();

/** A case picker's choices: what its search finds, and the case chosen (cases' data: Get Cases). */
export const pickCases = read({
  ...checkedAs(listCases),
  input: z.object({ q: z.string(), chosen: z.string().optional() }),
  run: ({ deps, actor }, input) => deps.documents.pickCase(actor, input.q, input.chosen),
});

/** The documents page's cards: the firm's documents counted (Get Documents). */
export const documentCounts = read({
  ...checkedAs(listDocuments),
  run: ({ deps, actor }) => deps.documents.counts(actor),
});

/** A case's documents in upload order, for choosing an evidence package's exhibits (Get Documents). */
export const caseDocuments = read({
  ...checkedAs(listDocuments),
  input: z.object({ caseId: z.string() }),
  run: ({ deps, actor }, input) => deps.documents.ofCase(actor, input.caseId),
});

/**
 * A receipt number a document's analysis found, offered to its case when the case has none and no other
 * case of the firm holds it (the case's form would refuse it). The document already names its case, so
 * this is part of reading the document (Get Document): it shows no other case.
 */
export const receiptOffer = read({
  ...checkedAs(getDocument),
  input: z.object({ caseId: z.string(), receiptNumber: z.string() }),
  run: async ({ deps, actor }, { caseId, receiptNumber }) => {
    const kase = await deps.cases.ofFirm(firmOf(actor), caseId);
    if (!kase || kase.receiptNumber) return undefined;
    const holders = await deps.cases.list(actor, caseListQuery.parse({ q: receiptNumber, pageSize: 5 }));
    if (holders.items.some((c) => c.receiptNumber === receiptNumber)) return undefined;
    return { receiptNumber, caseId: kase.id, caseNumber: kase.caseNumber };
  },
});

/** The pages' reads that are not API actions: bound to the documents' services as the feature mounts. */
export const DOCUMENT_PAGE_READS = { pickCases, documentCounts, caseDocuments, receiptOffer };
