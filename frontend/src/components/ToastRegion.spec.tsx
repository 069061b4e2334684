import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '../lib/toast';
import { renderWithProviders } from '../test/render';

// jsdom has no PointerEvent; a MouseEvent carries the clientX the swipe reads.
if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { value: MouseEvent });

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

  it('dismisses a toast swiped 50 px to the right, and keeps one swiped less', async () => {
    renderWithProviders(<p>page</p>);
    act(() => toast({ title: 'Swipe me' }));
    const notice = await screen.findByText('Swipe me');
    fireEvent.pointerDown(notice, { clientX: 100 });
    fireEvent.pointerMove(notice, { clientX: 140 });
    fireEvent.pointerUp(notice, { clientX: 140 });
    await act(async () => {});
    expect(screen.getByText('Swipe me')).toBeInTheDocument();

    fireEvent.pointerDown(notice, { clientX: 100 });
    fireEvent.pointerUp(notice, { clientX: 150 });
    await waitFor(() => expect(screen.queryByText('Swipe me')).not.toBeInTheDocument());
  });
});
