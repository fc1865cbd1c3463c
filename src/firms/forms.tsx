import type { Request, Response } from 'express';
import { FirmDeletePage } from '../../views/reti/FirmDeletePage';
import {
  FIRM_FORM_FIELDS,
  FirmEditPage,
  type FirmFormField,
  type FirmFormValues,
  formValuesOf,
} from '../../views/reti/FirmEditPage';
import { FirmOnboardingPage, type FirmOnboardingPageProps } from '../../views/reti/FirmOnboardingPage';
import type { ActionContext, Refusal } from '../access/action';
import type { Renderer } from '../http/render';
import { stringFields } from '../http/validation';
import { type Firm, FIRM_FIELDS } from '../shared/firms';
import type { FieldErrors } from '../shared/validation';
import type { FirmsService } from './service';

type Ctx = ActionContext<{ firms: FirmsService; render: Renderer }>;

const ONBOARDING_META = {
  title: 'Firm Onboarding',
  description: 'Add a firm and invite its administrator.',
  noindex: true,
};

export function showOnboarding(
  render: Renderer,
  req: Request,
  res: Response,
  props: FirmOnboardingPageProps,
  status = 200,
) {
  render(req, res, <FirmOnboardingPage {...props} />, { meta: ONBOARDING_META, status });
}

/** The onboarding form refused: its values again with the messages beside the fields. */
export function renderOnboarding({ deps, req, res }: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const values = stringFields(body, FIRM_FIELDS);
  showOnboarding(
    deps.render,
    req,
    res,
    { values, errors: refusal.fields, error: refusal.fields ? undefined : refusal.message },
    refusal.status,
  );
}

export function showEdit(
  render: Renderer,
  req: Request,
  res: Response,
  firm: Firm,
  form: { values?: FirmFormValues; errors?: FieldErrors<FirmFormField>; refusal?: Refusal } = {},
) {
  render(
    req,
    res,
    <FirmEditPage
      firm={firm}
      values={form.values ?? formValuesOf(firm)}
      errors={form.refusal?.fields}
      refusal={form.refusal?.fields ? undefined : form.refusal?.message}
    />,
    {
      meta: { title: `Edit ${firm.name}`, description: `Change the details of ${firm.name}.`, noindex: true },
      status: form.refusal?.status ?? 200,
    },
  );
}

export async function renderEdit(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  const firm = await ctx.deps.firms.get(ctx.actor!, ctx.params.id);
  showEdit(ctx.deps.render, ctx.req, ctx.res, firm, {
    values: stringFields(body, FIRM_FORM_FIELDS),
    refusal,
  });
}

export function showDelete(
  render: Renderer,
  req: Request,
  res: Response,
  firm: Firm,
  state: { refusal?: Refusal; disabled?: Refusal },
) {
  render(
    req,
    res,
    <FirmDeletePage firm={firm} refusal={state.refusal?.message} disabled={state.disabled?.message} />,
    {
      meta: {
        title: `Delete ${firm.name}`,
        description: `Remove ${firm.name} and its users.`,
        noindex: true,
      },
      status: state.refusal?.status ?? 200,
    },
  );
}

export async function renderDelete(ctx: Ctx, refusal: Refusal) {
  const firm = await ctx.deps.firms.get(ctx.actor!, ctx.params.id);
  showDelete(ctx.deps.render, ctx.req, ctx.res, firm, { refusal });
}
