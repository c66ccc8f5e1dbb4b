import type { Material } from '@postdeck/contract/materials';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadPanel } from '../../../components/material-picker/upload-panel';

interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opens an uploaded material, or the one a duplicate turned out to be. */
  onOpen: (material: Material) => void;
}

/**
 * The uploader over the library. Closing only hides it: uploads carry on, and the list
 * refreshes as each file is filed.
 */
export function UploadDialog({ open, onClose, onOpen }: UploadDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('materials.upload.title')} width={720}>
      <UploadPanel
        action={(material) => (
          <Button
            size="small"
            aria-label={t('materials.previewOf', { name: material.name })}
            onClick={() => onOpen(material)}
          >
            {t('materials.preview')}
          </Button>
        )}
      />
    </Modal>
  );
}
