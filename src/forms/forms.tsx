import type { Request, Response } from 'express';
import { FormSpecPage } from '../../views/forms/FormSpecPage';
import { FormsPage } from '../../views/forms/FormsPage';
import { GeneratePage, type GeneratePageProps } from '../../views/forms/GeneratePage';
import type { ActionContext, Refusal } from '../access/action';
import type { DocumentsService } from '../documents/service';
import type { Renderer } from '../http/render';
import { caseQueryOf } from '../shared/case-pick';
import { FORM_GROUPS, type FormGroup, GENERATE_LABEL } from '../shared/forms';
import type { SessionUser } from '../shared/session';
import { editionFields } from './schema';
import type { FormsService } from './service';

/** Why the person may not use each control at all, as the permission matrix says now. */
export type ClosedFormControls = { generate?: string; upload?: string };

export type FormsPageDeps = {
  forms: FormsService;
  /** The firm's open cases, for the case a packet is for. */
  documents: DocumentsService;
  render: Renderer;
  closedFor: (user: SessionUser | undefined) => ClosedFormControls;
};
type Page = { deps: FormsPageDeps; req: Request; res: Response };

const meta = (title: string, description: string) => ({ title, description, noindex: true });
const actorOf = (req: Request) => req.session.user!;

export function showCatalog({ deps, req, res }: Page) {
  deps.render(req, res, <FormsPage catalog={deps.forms.catalog()} />, {
    meta: meta('Forms', 'USCIS forms by group, each group with its Generate Forms button.'),
  });
}

type GenerateState = Omit<GeneratePageProps, 'group' | 'forms' | 'pick' | 'closed'>;

export async function showGenerate(
  { deps, req, res }: Page,
  group: FormGroup,
  state: GenerateState,
  status = 200,
) {
  const actor = actorOf(req);
  const pick = await deps.documents.pickCase(actor, caseQueryOf(req.query), state.values?.caseId);
  const { forms } = deps.forms.catalog().groups.find((g) => g.id === group)!;
  const page = (
    <GeneratePage
      group={group}
      forms={forms}
      pick={pick}
      closed={deps.closedFor(actor).generate}
      {...state}
    />
  );
  deps.render(req, res, page, {
    meta: meta(`${GENERATE_LABEL}: ${FORM_GROUPS[group].label}`, 'Choose the case and generate its packet.'),
    status,
  });
}

type SpecState = { uploadError?: string; uploadValues?: { editionDate?: string } };

export async function showSpecification(
  { deps, req, res }: Page,
  code: string,
  state: SpecState = {},
  status = 200,
) {
  const actor = actorOf(req);
  const spec = deps.forms.specification(code);
  const editions = await deps.forms.editions(actor, spec.code);
  const page = (
    <FormSpecPage spec={spec} editions={editions} uploadClosed={deps.closedFor(actor).upload} {...state} />
  );
  deps.render(req, res, page, {
    meta: meta(`Form ${spec.code}`, `The field specification of Form ${spec.code}, ${spec.title}.`),
    status,
  });
}

/** A refused edition (not a PDF, lacking the form's fields, too large): the form's page again, saying why. */
export async function renderEditionRefusal(
  ctx: ActionContext<FormsPageDeps>,
  refusal: Refusal,
  body: Record<string, unknown>,
) {
  if (refusal.status === 404) throw refusal.error;
  const posted = editionFields.safeParse(body);
  const editionDate = posted.success ? posted.data.editionDate : undefined;
  await showSpecification(
    ctx,
    String(ctx.req.params.id),
    { uploadError: refusal.message, uploadValues: { editionDate } },
    refusal.status,
  );
}
