import type { TFunction } from 'i18next';
import type { PublishingMessages } from '../../i18n/locales/publishing/en';
import type { TargetProblem } from './target-variant';

export function problemMessage(t: TFunction, problem: TargetProblem): string {
  switch (problem.source) {
    case 'preflight':
      return t(`publishing.preflight.${problem.code}`, problem.params);
    case 'option':
      return t('validation.invalid');
    case 'tiktok':
      return t(`publishing.tiktok.rules.${problem.code}`);
  }
}

type OptionName = keyof PublishingMessages['options'];
type TargetField = keyof PublishingMessages['fields'];

const OPTION_NAMES = new Set<string>([
  'title',
  'privacy',
  'categoryId',
  'tags',
  'audience',
  'signed',
  'fromGroup',
  'silent',
  'linkPreview',
  'replySettings',
  'visibility',
  'disableComment',
  'disableDuet',
  'disableStitch',
  'disclose',
  'brandContent',
  'brandOrganic',
] satisfies OptionName[]);

const isOptionName = (name: string | undefined): name is OptionName =>
  name !== undefined && OPTION_NAMES.has(name);
const isTargetField = (name: string): name is TargetField =>
  name === 'accountId' || name === 'text' || name === 'media';

/** A target's field in words: 'options.title' is "Title", 'text' is "Text". */
export function fieldLabel(t: TFunction, field: string): string {
  const [head = field, name] = field.split('.');
  if (isTargetField(head)) return t(`publishing.fields.${head}`);
  if (head === 'options' && isOptionName(name)) return t(`publishing.options.${name}`);
  return t('publishing.fields.options');
}
