import type { PublishingPlatform } from '@postdeck/contract/platforms';
import {
  linkedinOptionsSchema,
  tiktokOptionsSchema,
  xOptionsSchema,
  youtubeOptionsSchema,
} from '@postdeck/contract/publish-options';
import { Checkbox, Form, Input, Select, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublishingMessages } from '../../../i18n/locales/publishing/en';
import { type PublishSource, type Variant, youtubeTitle } from '../target-variant';
import { FacebookAudienceField } from './facebook-audience-field';

export interface FieldFeedback {
  validateStatus?: 'error' | 'warning';
  help?: ReactNode;
}

export interface PlatformOptionsProps {
  platform: PublishingPlatform;
  /** The channel account the post goes to (Facebook's audience search asks with it). */
  accountId: number;
  variant: Variant;
  source: PublishSource;
  onChange: (variant: Variant) => void;
  /** What is wrong with a field of the target ('options.title'), found here or by the server. */
  feedback: (field: string) => FieldFeedback;
}

type Options = Record<string, unknown>;

const YOUTUBE_PRIVACY = youtubeOptionsSchema.shape.privacy.unwrap().options;
const YOUTUBE_CATEGORIES = [
  '1',
  '2',
  '10',
  '15',
  '17',
  '19',
  '20',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
] as const satisfies readonly (keyof PublishingMessages['youtube']['categories'])[];
const X_REPLIES = xOptionsSchema.shape.replySettings.unwrap().options;
const LINKEDIN_VISIBILITY = linkedinOptionsSchema.shape.visibility.unwrap().options;
const TIKTOK_PRIVACY = tiktokOptionsSchema.shape.privacy.unwrap().options;

/** The platform's choices for one account's post, as PUBLISH_OPTIONS_SCHEMAS names them. */
export function PlatformOptions(props: PlatformOptionsProps) {
  switch (props.platform) {
    case 'youtube':
      return <YoutubeOptions {...props} />;
    case 'facebook':
      return <FacebookOptions {...props} />;
    case 'vk':
      return <VkOptions {...props} />;
    case 'telegram':
      return <TelegramOptions {...props} />;
    case 'x':
      return <XOptions {...props} />;
    case 'linkedin':
      return <LinkedinOptions {...props} />;
    case 'tiktok':
      return <TiktokOptions {...props} />;
    default:
      return null;
  }
}

/** Sets one option; undefined takes it out (the platform's default). */
const setOption = (props: PlatformOptionsProps, name: string, value: unknown) => {
  const others = Object.entries(props.variant.options).filter(([key]) => key !== name);
  const options: Options = Object.fromEntries(value === undefined ? others : [...others, [name, value]]);
  props.onChange({ ...props.variant, options });
};

interface ItemProps {
  props: PlatformOptionsProps;
  name: string;
  label?: string | undefined;
  extra?: ReactNode;
  children: (id: string) => ReactNode;
}

/** A labelled option with what is wrong with it underneath. */
function Item({ props, name, label, extra, children }: ItemProps) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} extra={extra} {...props.feedback(`options.${name}`)}>
      {children(id)}
    </Form.Item>
  );
}

interface FlagProps {
  props: PlatformOptionsProps;
  name: string;
  label: string;
  /** The box shows the opposite of the option ("Allow comments" for disableComment). */
  inverted?: boolean;
  /** Ticked when the option is unset. */
  byDefault?: boolean;
}

function Flag({ props, name, label, inverted = false, byDefault = false }: FlagProps) {
  const value = props.variant.options[name];
  const on = typeof value === 'boolean' ? value !== inverted : byDefault;
  return (
    <Form.Item {...props.feedback(`options.${name}`)} style={{ marginBlockEnd: 8 }}>
      <Checkbox checked={on} onChange={(event) => setOption(props, name, event.target.checked !== inverted)}>
        {label}
      </Checkbox>
    </Form.Item>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function YoutubeOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  const { options } = props.variant;
  return (
    <>
      <Item props={props} name="title" label={t('publishing.options.title')}>
        {(id) => (
          <Input
            id={id}
            value={youtubeTitle(props.variant, props.source)}
            onChange={(event) => setOption(props, 'title', event.target.value)}
          />
        )}
      </Item>
      <Item props={props} name="privacy" label={t('publishing.options.privacy')}>
        {(id) => (
          <Select
            id={id}
            allowClear
            placeholder={t('publishing.options.platformDefault')}
            value={text(options['privacy'])}
            onChange={(value?: string) => setOption(props, 'privacy', value)}
            options={YOUTUBE_PRIVACY.map((value) => ({
              value,
              label: t(`publishing.youtube.privacy.${value}`),
            }))}
          />
        )}
      </Item>
      <Item props={props} name="categoryId" label={t('publishing.options.categoryId')}>
        {(id) => (
          <Select
            id={id}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('publishing.options.platformDefault')}
            value={text(options['categoryId'])}
            onChange={(value?: string) => setOption(props, 'categoryId', value)}
            options={YOUTUBE_CATEGORIES.map((value) => ({
              value,
              label: t(`publishing.youtube.categories.${value}`),
            }))}
          />
        )}
      </Item>
      <Item props={props} name="tags" label={t('publishing.options.tags')}>
        {(id) => (
          <Select
            id={id}
            mode="tags"
            tokenSeparators={[',']}
            placeholder={t('publishing.options.tagsPlaceholder')}
            value={Array.isArray(options['tags']) ? (options['tags'] as string[]) : []}
            onChange={(value: string[]) => setOption(props, 'tags', value)}
          />
        )}
      </Item>
    </>
  );
}

function FacebookOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  const { validateStatus } = props.feedback('options.audience');
  return (
    <Item
      props={props}
      name="audience"
      label={t('publishing.options.audience')}
      extra={t('publishing.options.audienceHint')}
    >
      {(id) => (
        <FacebookAudienceField
          id={id}
          accountId={props.accountId}
          value={props.variant.options['audience']}
          onChange={(audience) => setOption(props, 'audience', audience)}
          status={validateStatus}
        />
      )}
    </Item>
  );
}

function VkOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Flag props={props} name="fromGroup" label={t('publishing.options.fromGroup')} byDefault />
      <Flag props={props} name="signed" label={t('publishing.options.signed')} />
    </>
  );
}

function TelegramOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Flag props={props} name="silent" label={t('publishing.options.silent')} />
      <Flag props={props} name="linkPreview" label={t('publishing.options.linkPreview')} inverted />
    </>
  );
}

function XOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  return (
    <Item props={props} name="replySettings" label={t('publishing.options.replySettings')}>
      {(id) => (
        <Select
          id={id}
          // Absent is X's own "everyone": the first choice, sent as nothing.
          value={text(props.variant.options['replySettings']) ?? 'everyone'}
          onChange={(value: string) =>
            setOption(props, 'replySettings', value === 'everyone' ? undefined : value)
          }
          options={(['everyone', ...X_REPLIES] as const).map((value) => ({
            value,
            label: t(`publishing.x.replySettings.${value}`),
          }))}
        />
      )}
    </Item>
  );
}

function LinkedinOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  return (
    <Item props={props} name="visibility" label={t('publishing.options.visibility')}>
      {(id) => (
        <Select
          id={id}
          allowClear
          placeholder={t('publishing.options.platformDefault')}
          value={text(props.variant.options['visibility'])}
          onChange={(value?: string) => setOption(props, 'visibility', value)}
          options={LINKEDIN_VISIBILITY.map((value) => ({
            value,
            label: t(`publishing.linkedin.visibility.${value}`),
          }))}
        />
      )}
    </Item>
  );
}

/**
 * TikTok's Content Sharing Guidelines ask for these controls and words: who may view (chosen by
 * the author, no default), the interaction switches, the content disclosure with its two kinds
 * and the label each gives, and the consent sentence next to the publish action.
 */
function TiktokOptions(props: PlatformOptionsProps) {
  const { t } = useTranslation();
  const { options, disclose } = props.variant;
  const branded = disclose && options['brandContent'] === true;
  const organic = disclose && options['brandOrganic'] === true;
  const label = branded
    ? t('publishing.tiktok.labelPaid')
    : organic
      ? t('publishing.tiktok.labelPromotional')
      : null;
  return (
    <>
      <Item props={props} name="privacy" label={t('publishing.options.privacy')}>
        {(id) => (
          <Select
            id={id}
            placeholder={t('publishing.tiktok.privacyPlaceholder')}
            value={text(options['privacy'])}
            onChange={(value: string) => setOption(props, 'privacy', value)}
            options={TIKTOK_PRIVACY.map((value) => ({
              value,
              label: t(`publishing.tiktok.privacy.${value}`),
              // Branded content cannot be private (TikTok refuses it).
              disabled: branded && value === 'SELF_ONLY',
            }))}
          />
        )}
      </Item>
      <Flag
        props={props}
        name="disableComment"
        label={t('publishing.options.disableComment')}
        inverted
        byDefault
      />
      <Flag props={props} name="disableDuet" label={t('publishing.options.disableDuet')} inverted byDefault />
      <Flag
        props={props}
        name="disableStitch"
        label={t('publishing.options.disableStitch')}
        inverted
        byDefault
      />
      <Form.Item {...props.feedback('options.disclose')} extra={t('publishing.tiktok.discloseHint')}>
        <Checkbox
          checked={disclose}
          onChange={(event) => props.onChange({ ...props.variant, disclose: event.target.checked })}
        >
          {t('publishing.tiktok.disclose')}
        </Checkbox>
      </Form.Item>
      {disclose && (
        <div style={{ marginInlineStart: 24 }}>
          <Form.Item extra={t('publishing.tiktok.yourBrandHint')} style={{ marginBlockEnd: 8 }}>
            <Checkbox
              checked={organic}
              onChange={(event) => setOption(props, 'brandOrganic', event.target.checked)}
            >
              {t('publishing.options.brandOrganic')}
            </Checkbox>
          </Form.Item>
          <Form.Item extra={t('publishing.tiktok.brandedHint')} style={{ marginBlockEnd: 8 }}>
            <Checkbox
              checked={branded}
              onChange={(event) => setOption(props, 'brandContent', event.target.checked)}
            >
              {t('publishing.options.brandContent')}
            </Checkbox>
          </Form.Item>
          {label && <Typography.Paragraph type="secondary">{label}</Typography.Paragraph>}
        </div>
      )}
      <Typography.Paragraph type="secondary">
        {branded ? t('publishing.tiktok.consentBranded') : t('publishing.tiktok.consentMusic')}
      </Typography.Paragraph>
    </>
  );
}
