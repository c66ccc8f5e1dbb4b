import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { DateRangeFilter } from './date-range-filter';

const renderFilter = (value: string | undefined, onChange = vi.fn()) =>
  render(
    <Providers>
      <DateRangeFilter label="Updated" value={value} onChange={onChange} />
    </Providers>,
  );

describe('DateRangeFilter', () => {
  it('stands in with the picker placeholder, and focusing it brings the picker in open', async () => {
    renderFilter(undefined);
    const standIn = screen.getByLabelText('Updated');
    expect(standIn).toHaveAttribute('placeholder', 'Start date → End date');
    expect(document.querySelector('.ant-picker-range')).toBeNull();
    await userEvent.click(standIn);
    expect(await screen.findByPlaceholderText('Start date')).toBeInTheDocument();
    expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull();
  });

  it('shows a set range in the picker straight away', async () => {
    renderFilter('2026-03-01T00:00:00.000Z,2026-03-05T23:59:59.999Z');
    const start = await screen.findByPlaceholderText('Start date');
    expect((start as HTMLInputElement).value).toMatch(/^2026-0[23]-/);
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
  });
});
