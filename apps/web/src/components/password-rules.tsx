import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { passwordHints, passwordSchema } from '@postdeck/contract/validators';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SUCCESS } from '../app/theme-colors';

const HINTS = ['length', 'letter', 'digit', 'special'] as const;

/** The contract's password rule as form rules, with the contract's message. */
export const passwordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.required') },
  {
    validator: (_, value: string | undefined) =>
      !value || passwordSchema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.password'))),
  },
];

/** Which password rules the typed password meets, live; in words and icons, not colour alone. */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation();
  const hints = passwordHints(value);
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }} aria-label={t('password.hintsLabel')}>
      {HINTS.map((key) => (
        <li key={key} data-met={hints[key]}>
          {hints[key] ? (
            <CheckCircleFilled aria-hidden style={{ color: SUCCESS }} />
          ) : (
            <CloseCircleOutlined aria-hidden style={{ color: '#8c8c8c' }} />
          )}{' '}
          {t(`password.hint.${key}`)}
        </li>
      ))}
    </ul>
  );
}
