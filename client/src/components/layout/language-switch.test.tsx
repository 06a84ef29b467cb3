import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';

describe('LanguageSwitch', () => {
  it.each(['en', 'es', 'zh'])(
    'on a %s page: each button in its own language, Chinese tagged zh-Hant',
    async (language) => {
      const i18n = await createTestI18n(language);
      render(
        <I18nextProvider i18n={i18n}>
          <LanguageSwitch />
        </I18nextProvider>,
      );
      const buttons = screen.getAllByRole('button');
      expect(buttons.map((button) => [button.textContent, button.getAttribute('lang')])).toEqual([
        ['English', 'en'],
        ['Español', 'es'],
        ['中文', 'zh-Hant'],
      ]);
      expect(buttons.find((button) => button.getAttribute('aria-pressed') === 'true')?.textContent).toBe(
        { en: 'English', es: 'Español', zh: '中文' }[language],
      );
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '中文' }));
      });
      expect(i18n.resolvedLanguage).toBe('zh');
    },
  );
});
