import { useTranslation } from 'react-i18next';
import { type FormatTimeOptions, formatTime, type TimeInput } from '../utils/time';
import { currentLanguage } from './i18n';

/** formatTime in the interface language, re-rendering on a language switch. */
export function useFormatTime(): (
  time: TimeInput,
  options?: Omit<FormatTimeOptions, 'lang'>,
) => string | null {
  const { i18n } = useTranslation();
  const lang = currentLanguage(i18n.language);
  return (time, options) => formatTime(time, { ...options, lang });
}
