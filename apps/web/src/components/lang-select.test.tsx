import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { changeLanguage } from '../i18n/i18n';
import { LangSelect } from './lang-select';

describe('LangSelect (I18-3)', () => {
  afterEach(async () => {
    await changeLanguage('en');
    Cookies.remove('language', { path: '/' });
  });

  it('lists the four languages in order, the current one disabled, and sets cookie language', async () => {
    await changeLanguage('en');
    render(
      <Providers>
        <LangSelect />
      </Providers>,
    );
    await userEvent.click(screen.getByTestId('lang-select'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['中文', 'English', 'Español', '日本語']);
    expect(items[1]).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(items[3] as HTMLElement);
    await waitFor(() => expect(Cookies.get('language')).toBe('ja'));
    // Said in the language just chosen, not the one left behind.
    expect(await screen.findByText('言語を切り替えました')).toBeTruthy();
    expect(screen.queryByText('Switch Language Success')).toBeNull();
  });

  it('says so in English when English is chosen', async () => {
    await changeLanguage('es');
    render(
      <Providers>
        <LangSelect />
      </Providers>,
    );
    await userEvent.click(screen.getByTestId('lang-select'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByText('Switch Language Success')).toBeTruthy();
    expect(screen.queryByText('Idioma cambiado correctamente')).toBeNull();
  });
});
