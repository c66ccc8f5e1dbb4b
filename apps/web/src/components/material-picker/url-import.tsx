import type { UploadComplete } from '@postdeck/contract/materials';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { usePicUrl } from './material-mutations';
import { MaterialThumb } from './material-thumb';

interface UrlImportProps {
  departmentId?: number;
  onImported: (result: UploadComplete) => void;
}

/** Imports an image from a public address; the server's refusal shows on the field. */
export function UrlImport({ departmentId, onImported }: UrlImportProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const picUrl = usePicUrl();
  const [last, setLast] = useState<UploadComplete>();

  const submit = ({ url }: { url: string }) =>
    picUrl.mutate(
      { url: url.trim(), departmentId },
      {
        onSuccess: (result) => {
          form.resetFields();
          setLast(result);
          onImported(result);
        },
        onError: (error) => {
          const mine = isApiError(error) ? error.fieldErrors.filter((e) => e.field === 'url') : [];
          const errors = mine.length > 0 ? mine.map((e) => e.message) : [error.message];
          form.setFields([{ name: 'url', errors }]);
        },
      },
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="url"
          label={t('materials.picker.url')}
          extra={t('materials.picker.urlHint')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={picUrl.isPending}>
          {t('materials.picker.import')}
        </Button>
      </Form>
      {last && (
        <Space align="center">
          <MaterialThumb material={last.material} size={64} />
          {last.duplicate ? (
            <Alert
              type="info"
              showIcon
              title={t('materials.upload.duplicate', { name: last.material.name })}
            />
          ) : (
            <span>{t('materials.picker.imported', { name: last.material.name })}</span>
          )}
        </Space>
      )}
    </Space>
  );
}
