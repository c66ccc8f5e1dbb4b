import { UploadOutlined } from '@ant-design/icons';
import type { FieldError } from '@postdeck/contract/envelope';
import {
  PUBLISH_IMPORT_MAX_BYTES,
  PUBLISH_IMPORT_MAX_ROWS,
  type PublishImportPreview,
} from '@postdeck/contract/publish-import';
import { Alert, App, Button, Flex, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useConfirmImport, useImportTemplate, usePreviewImport } from '../api/publish-import';
import { problemPlace } from '../problem-field';
import { importFormatOf, readAsBase64, refusalOf } from '../read-file';
import { timeInZone, viewerTimeZone } from '../zone-time';
import { ImportPreviewTable } from './import-preview-table';

/** A refusal as the server worded it: its sentence, and each field's where there are some. */
interface Refusal {
  message: string;
  fields: FieldError[];
}

const MAX_MB = PUBLISH_IMPORT_MAX_BYTES / (1024 * 1024);

/**
 * Bulk scheduling (issue 21): a button opening a dialog where a person downloads the template,
 * chooses a filled-in CSV or XLSX, reads the server's preview of every row (its accounts, its
 * time in its zone and theirs, and its problems in red by column), and confirms: every row is
 * scheduled, or none. `onImported` gets the publish actions made, in the file's order.
 */
export function ImportPublicationsButton({
  onImported,
  viewerZone = viewerTimeZone(),
}: {
  onImported?: (parentIds: number[]) => void;
  /** The zone the viewer's times are shown in (the browser's unless told). */
  viewerZone?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [fileName, setFileName] = useState<string>();
  const [result, setResult] = useState<PublishImportPreview>();
  const [refusal, setRefusal] = useState<Refusal>();
  const template = useImportTemplate();
  const previewing = usePreviewImport();
  const confirming = useConfirmImport();

  const reset = () => {
    setFileName(undefined);
    setResult(undefined);
    setRefusal(undefined);
    previewing.reset();
    confirming.reset();
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  /** The server's words for a failed call; session failures were acted on by the client already. */
  const refused = (error: Error) => {
    if (isApiError(error) && error.handled) return;
    setRefusal({
      message: isApiError(error) && error.msg ? error.msg : error.message,
      fields: isApiError(error) ? error.fieldErrors : [],
    });
  };

  async function choose(file: File) {
    reset();
    setFileName(file.name);
    const why = refusalOf(file);
    const format = importFormatOf(file.name);
    if (why || !format) {
      setRefusal({
        message: t(`publishImport.${why ?? 'wrongType'}`, { size: `${MAX_MB} MB` }),
        fields: [],
      });
      return;
    }
    let data: string;
    try {
      data = await readAsBase64(file);
    } catch {
      setRefusal({ message: t('publishImport.readFailed'), fields: [] });
      return;
    }
    previewing.mutate(
      { fileName: file.name, format, data },
      { onSuccess: (preview) => setResult(preview), onError: refused },
    );
  }

  const confirm = () => {
    if (!result?.valid) return;
    confirming.mutate(result.importId, {
      onSuccess: ({ parentIds }) => {
        void message.success(t('publishImport.done', { count: parentIds.length }));
        onImported?.(parentIds);
        close();
      },
      onError: (error) => {
        // The server has said no to this preview (expired, confirmed, a row no longer fits):
        // it cannot be confirmed again; the file is read afresh. A lost answer may be retried.
        if (isApiError(error) && error.kind === 'api') setResult(undefined);
        refused(error);
      },
    });
  };

  const withProblems = result?.rows.filter((row) => row.problems.length > 0) ?? [];
  const count = result?.rows.length ?? 0;

  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('publishImport.open')}
      </Button>
      <Modal
        open={open}
        onCancel={close}
        title={t('publishImport.title')}
        width={1080}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={close}>{t('publishImport.cancel')}</Button>
            <Button type="primary" disabled={!result?.valid} loading={confirming.isPending} onClick={confirm}>
              {t('publishImport.confirm', { count })}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('publishImport.intro', { rows: PUBLISH_IMPORT_MAX_ROWS, size: `${MAX_MB} MB` })}
          </Typography.Paragraph>
          <Space wrap>
            <Button
              loading={template.isPending && template.variables === 'csv'}
              onClick={() => template.mutate('csv')}
            >
              {t('publishImport.templateCsv')}
            </Button>
            <Button
              loading={template.isPending && template.variables === 'xlsx'}
              onClick={() => template.mutate('xlsx')}
            >
              {t('publishImport.templateXlsx')}
            </Button>
            <Upload
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              fileList={[]}
              maxCount={1}
              beforeUpload={(file) => {
                void choose(file);
                return false;
              }}
            >
              <Button
                type="primary"
                ghost
                icon={<UploadOutlined aria-hidden />}
                loading={previewing.isPending}
              >
                {t('publishImport.choose')}
              </Button>
            </Upload>
          </Space>
          {fileName && (
            <Typography.Text type="secondary" aria-live="polite">
              {previewing.isPending
                ? t('publishImport.reading', { name: fileName })
                : t('publishImport.file', { name: fileName })}
            </Typography.Text>
          )}
          {refusal && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={refusal.message}
              description={
                refusal.fields.length > 0 && (
                  <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                    {refusal.fields.map((field, index) => (
                      <li key={`${field.field}-${index}`}>
                        {problemPlace(field.field, t)}: {field.message}
                      </li>
                    ))}
                  </ul>
                )
              }
            />
          )}
          {result && (
            <>
              {result.valid ? (
                <Alert
                  type="success"
                  role="status"
                  showIcon
                  title={t('publishImport.allGood', { count })}
                  description={t('publishImport.expiresAt', {
                    time: timeInZone(result.expiresAt, viewerZone),
                  })}
                />
              ) : (
                <Alert
                  type="warning"
                  role="status"
                  showIcon
                  title={t('publishImport.someProblems', { count, problems: withProblems.length })}
                  description={t('publishImport.fixFirst', {
                    rows: withProblems
                      .slice(0, 20)
                      .map((row) => row.row)
                      .join(', '),
                  })}
                />
              )}
              <ImportPreviewTable rows={result.rows} viewerZone={viewerZone} />
            </>
          )}
        </Flex>
      </Modal>
    </>
  );
}
