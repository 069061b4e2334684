import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderWithProviders } from '../../../test/render';
import { TermsPage } from './TermsPage';

describe('terms page', () => {
  it("lists the eight sections, the disclaimer and today's date", () => {
    renderWithProviders(<TermsPage />, '/terms');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Acceptance of Terms',
      '2. Service Description',
      '3. Limitations and Disclaimers',
      '4. User Responsibilities',
      '5. Privacy and Data',
      '6. Limitation of Liability',
      '7. Changes to Terms',
      '8. Contact Information',
    ]);
    expect(screen.getByText(/not legal advice/)).toBeInTheDocument();
    expect(screen.getByText(`Last updated: ${dayjs().format('MMMM D, YYYY')}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
