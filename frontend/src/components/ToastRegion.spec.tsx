import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from '../lib/toast';
import { renderWithProviders } from '../test/render';

describe('toasts', () => {
  it('shows one toast at a time inside a live region that F8 focuses', async () => {
    renderWithProviders(<p>page</p>);
    act(() => toast({ title: 'First' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    act(() => toast({ title: 'Second', description: 'details' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByText('First')).not.toBeInTheDocument();

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toContainElement(screen.getByText('Second'));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(region).toHaveFocus();
  });
});
