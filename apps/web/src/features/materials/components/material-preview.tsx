import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { MATERIAL_LIMITS, type Material } from '@postdeck/contract/materials';
import { Button, Drawer, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMaterialDetail } from '../api/material-detail';
import { useMaterialEdit } from '../api/material-edit';
import { MaterialDetails } from './material-details';
import { MaterialMedia } from './material-media';

interface MaterialPreviewProps {
  /** The material to show, as the list has it; closed when undefined. */
  material: Material | undefined;
  onClose: () => void;
  onDelete: (material: Material) => void;
  canManage: boolean;
}

/** The material large, its details, and (with material:manage) rename, tags and delete. */
export function MaterialPreview({ material: listed, onClose, onDelete, canManage }: MaterialPreviewProps) {
  const { t } = useTranslation();
  const detail = useMaterialDetail(listed);
  const { rename, tags } = useMaterialEdit();
  const material = detail.data ?? listed;

  return (
    <Drawer
      open={listed !== undefined}
      onClose={onClose}
      size={640}
      title={material && t('materials.previewOf', { name: material.name })}
    >
      {material && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title
            level={4}
            style={{ margin: 0 }}
            editable={
              canManage && {
                tooltip: t('materials.rename'),
                maxLength: MATERIAL_LIMITS.name,
                triggerType: ['icon'],
                onChange: (name) => {
                  const trimmed = name.trim();
                  if (trimmed && trimmed !== material.name) rename.mutate({ id: material.id, name: trimmed });
                },
              }
            }
          >
            {material.name}
          </Typography.Title>
          <MaterialMedia material={material} />
          <Space wrap>
            <Button icon={<DownloadOutlined />} href={material.urls.download}>
              {t('materials.downloadOriginal')}
            </Button>
            {canManage && (
              <Button danger icon={<DeleteOutlined />} onClick={() => onDelete(material)}>
                {t('materials.delete')}
              </Button>
            )}
          </Space>
          {canManage ? (
            <Select
              mode="tags"
              aria-label={t('materials.tags')}
              placeholder={t('materials.tagsPlaceholder')}
              // The tags being saved show at once rather than after the server's answer.
              value={
                tags.isPending && tags.variables.id === material.id ? tags.variables.tags : material.tags
              }
              maxCount={MATERIAL_LIMITS.tags}
              tokenSeparators={[',']}
              loading={tags.isPending}
              onChange={(next: string[]) =>
                tags.mutate({
                  id: material.id,
                  tags: next.map((tag) => tag.trim().slice(0, MATERIAL_LIMITS.tag)).filter(Boolean),
                })
              }
              style={{ width: '100%' }}
            />
          ) : (
            material.tags.length > 0 && (
              <div aria-label={t('materials.tags')}>
                {material.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </div>
            )
          )}
          <MaterialDetails material={material} />
        </Space>
      )}
    </Drawer>
  );
}
