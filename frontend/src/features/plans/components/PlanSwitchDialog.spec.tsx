import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '../../../lib/query-keys';
import { bindToastSink } from '../../../lib/toast';
import { aUser } from '../../../test/factories';
import { fakeServer } from '../../../test/fake-server';
import { aPricing } from '../../../test/pricing';
import { renderWithProviders } from '../../../test/render';
import { PlanSwitchDialog } from './PlanSwitchDialog';

const endsAt = '2026-12-24T10:00:00.000Z';
const monthlyUser = aUser({ subscriptionTier: 'monthly', subscriptionStatus: 'active', subscriptionEndsAt: endsAt });
const scheduled = {
  message: 'You will switch to Pro Yearly on December 24, 2026, at the end of your current billing cycle.',
  newPlan: 'yearly',
  effectiveAt: endsAt,
};

/** The value shown beside `label` in the confirm step. */
const detail = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label).closest('tr')?.querySelector('.ant-descriptions-item-content')?.textContent;

function openDialog(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({
    'GET /api/subscription/pricing': { body: aPricing() },
    ...routes,
  });
  const onClose = jest.fn();
  const view = renderWithProviders(<PlanSwitchDialog open user={monthlyUser} onClose={onClose} />);
  return { server, onClose, ...view };
}

/** The open dialog titled `title` (antd's test ids leave dialogs without distinct accessible names). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog around '${title}'`);
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Step 1 → step 2 with Pro Yearly picked; resolves with the 'Confirm Plan Switch' dialog. */
async function pickYearly(): Promise<HTMLElement> {
  const picker = await dialogTitled('Switch Plan');
  fireEvent.click(await within(picker).findByRole('button', { name: /Pro Yearly/ }));
  return dialogTitled('Confirm Plan Switch');
}

describe('plan-switch dialog (spec §2 two steps, §4 plan switch, §8 messages)', () => {
  it('step 1 offers the paid plans; the current one gives "Same Plan Selected" and stays on step 1', async () => {
    const { server } = openDialog({});
    const picker = await dialogTitled('Switch Plan');
    const plans = await within(picker).findAllByRole('button', { name: /^Pro / });
    expect(plans.map((b) => b.textContent)).toEqual([
      'Pro Monthly — $19.99 per month',
      'Pro Quarterly — $54.99 per quarter',
      'Pro Yearly — $199.99 per year',
    ]);
    fireEvent.click(plans[0]!);
    expect(await screen.findByText('Same Plan Selected')).toBeInTheDocument();
    expect(screen.queryByText('Confirm Plan Switch')).toBeNull();
    expect(server.callsTo('POST', '/api/subscription/schedule-plan-change')).toHaveLength(0);
  });

  it('step 2 shows current plan, new plan, effective date and the warning; Cancel goes back to step 1', async () => {
    openDialog({});
    const confirm = await pickYearly();
    expect(detail(confirm, 'Current plan')).toBe('Pro Monthly');
    expect(detail(confirm, 'New plan')).toBe('Pro Yearly');
    expect(detail(confirm, 'Effective date')).toBe('December 24, 2026');
    expect(within(confirm).getByRole('alert')).toHaveTextContent(
      'The switch happens at the end of your current billing cycle.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await dialogTitled('Switch Plan')).toBeVisible();
  });

  it('schedules on confirm: "Plan Switch Scheduled!" for 6 s, the user re-read, the dialog closed', async () => {
    const { server, onClose, queryClient } = openDialog({
      'POST /api/subscription/schedule-plan-change': { body: scheduled },
    });
    queryClient.setQueryData(queryKeys.currentUser, monthlyUser);
    // Toasts come here instead of the region, so their duration can be read.
    const toasts: unknown[] = [];
    bindToastSink((shown) => toasts.push(shown));
    const confirm = await pickYearly();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm Switch' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts).toEqual([
      { title: 'Plan Switch Scheduled!', description: scheduled.message, variant: 'success', durationMs: 6_000 },
    ]);
    expect(server.callsTo('POST', '/api/subscription/schedule-plan-change')[0]!.body).toEqual({
      newPlan: 'yearly',
      currentPlan: 'monthly',
    });
    // The signed-in user is read again (the screens showing it refetch it).
    expect(queryClient.getQueryState(queryKeys.currentUser)?.isInvalidated).toBe(true);
  });

  it('shows "Error" with the server message, or the spec fallback when there is none', async () => {
    let answer = { status: 400, body: { error: 'No active subscription to change.', code: 'VALIDATION' } as unknown };
    const { onClose } = openDialog({ 'POST /api/subscription/schedule-plan-change': () => answer });
    let confirm = await pickYearly();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm Switch' }));
    expect(await screen.findByText('No active subscription to change.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    answer = { status: 500, body: '' };
    confirm = await dialogTitled('Confirm Plan Switch');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm Switch' }));
    expect(await screen.findByText('Failed to schedule plan change. Please try again.')).toBeInTheDocument();
  });
});
