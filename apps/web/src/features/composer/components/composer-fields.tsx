import { CONTENT_LIMITS, type ContentDetail } from '@postdeck/contract/content';
import { Form, Input, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITABLE_STATUSES } from '../composer-values';
import { MediaFields } from './media-fields';
import { RichTextField } from './rich-text-field';

/** The composer's fields; they live inside the composer's antd Form. */
export function ComposerFields({ server }: { server: ContentDetail | null }) {
  const { t } = useTranslation();
  const bodyLabelId = useId();
  const tagTooLong = t('composer.fields.tagTooLong', { max: CONTENT_LIMITS.tag });

  return (
    <>
      <Form.Item
        name="title"
        label={t('composer.fields.title')}
        rules={[{ required: true, whitespace: true }, { max: CONTENT_LIMITS.title }]}
      >
        <Input showCount maxLength={CONTENT_LIMITS.title} />
      </Form.Item>
      <Form.Item name="body" label={<span id={bodyLabelId}>{t('composer.fields.body')}</span>}>
        <RichTextField labelId={bodyLabelId} />
      </Form.Item>
      <Form.Item name="summary" label={t('composer.fields.summary')}>
        {/* Not autoSize: its measuring textarea sets `tab-index` for `tabindex`, and axe-core flags the
            focusable hidden element (@rc-component/input calculateNodeHeight). */}
        <Input.TextArea showCount maxLength={CONTENT_LIMITS.summary} rows={3} />
      </Form.Item>
      <Form.Item
        name="tags"
        label={t('composer.fields.tags')}
        rules={[
          {
            validator: (_, tags: string[] | undefined) =>
              (tags ?? []).some((tag) => tag.trim().length > CONTENT_LIMITS.tag)
                ? Promise.reject(new Error(tagTooLong))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="tags"
          maxCount={CONTENT_LIMITS.tags}
          tokenSeparators={[',']}
          placeholder={t('composer.fields.tagsPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="status" label={t('composer.fields.status')}>
        <Select
          style={{ maxWidth: 240 }}
          options={EDITABLE_STATUSES.map((status) => ({
            value: status,
            label: t(`content.statuses.${status}`),
          }))}
        />
      </Form.Item>
      <MediaFields server={server} />
    </>
  );
}
