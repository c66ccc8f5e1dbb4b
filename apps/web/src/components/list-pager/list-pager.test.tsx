import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@postdeck/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { changeLanguage } from '../../i18n/i18n';
import { ListPager, type PagedAnswer, type Paging } from './list-pager';

const CAPPED: PagedAnswer = { total: 10_000, totalExact: false, next: 'n1', prev: null };

function renderPager(answer: PagedAnswer, paging: Paging) {
  const onChange = vi.fn();
  render(
    <Providers>
      <ListPager answer={answer} paging={paging} onChange={onChange} totalText={(n) => `${n} exactly`} />
    </Providers>,
  );
  return onChange;
}

describe('ListPager', () => {
  afterEach(() => changeLanguage('en'));

  it.each<[Language, string]>([
    ['en', '10,000+ in all'],
    ['zh', '共 10,000+ 条'],
    ['es', '10.000+ en total'],
    ['ja', '全 10,000+ 件'],
  ])('shows a capped total as "10,000+" in %s', async (lang, text) => {
    await changeLanguage(lang);
    renderPager(CAPPED, { page: 1, pageSize: 10 });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('10000 exactly')).not.toBeInTheDocument();
  });

  it('shows an exact total in the list own words, without a way past the numbers', () => {
    renderPager({ total: 42, totalExact: true, next: 'n1', prev: null }, { page: 5, pageSize: 10 });
    expect(screen.getByText('42 exactly')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Later pages/ })).not.toBeInTheDocument();
  });

  it('numbers pages up to the bound, then goes on by cursor from the last of them', async () => {
    const user = userEvent.setup();
    const early = renderPager(CAPPED, { page: 3, pageSize: 10 });
    expect(screen.queryByRole('button', { name: /Later pages/ })).not.toBeInTheDocument();
    expect(screen.getByTitle('1000')).toBeInTheDocument();
    await user.click(screen.getByTitle('1000'));
    expect(early).toHaveBeenLastCalledWith({ page: 1000, pageSize: 10 });
  });

  it('offers Later pages on the last numbered page', async () => {
    const user = userEvent.setup();
    const onChange = renderPager(CAPPED, { page: 1000, pageSize: 10 });
    await user.click(screen.getByRole('button', { name: /Later pages/ }));
    expect(onChange).toHaveBeenLastCalledWith({ after: 'n1' });
  });

  it('pages by cursor past the numbers: first page, previous and next', async () => {
    const user = userEvent.setup();
    const onChange = renderPager(
      { total: 10_000, totalExact: false, next: 'n2', prev: 'p2' },
      { page: 1000, pageSize: 10, after: 'n1' },
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByText('10,000+ in all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onChange).toHaveBeenLastCalledWith({ after: 'n2' });
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(onChange).toHaveBeenLastCalledWith({ before: 'p2' });
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10 });
  });

  it('disables Next on the last page and Previous on the first', () => {
    renderPager(
      { total: 10_000, totalExact: false, next: null, prev: null },
      { page: 1, pageSize: 10, before: 'p' },
    );
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
  });
});
