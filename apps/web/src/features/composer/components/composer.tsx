import { MESSAGE_DURATION_S } from '@postdeck/contract/constants';
import { type ContentConflict, type ContentDetail, contentConflictSchema } from '@postdeck/contract/content';
import { ERRORS } from '@postdeck/contract/errors';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { Alert, App, Button, Card, Form } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../../api/api-error';
import { useUserStore } from '../../../stores/user-store';
import { PublishDrawer } from '../../publishing/components/publish-drawer';
import { fetchContentDetail } from '../api/content-detail';
import { useContentSave } from '../api/content-save';
import type { ComposerClock } from '../composer-clock';
import { COMPOSER_FIELDS, type ComposerValues, snapshotOf, valuesOf } from '../composer-values';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useLocalDraft } from '../hooks/use-local-draft';
import { useSaveShortcut } from '../hooks/use-save-shortcut';
import { draftKey, isWorthOffering, type LocalDraft, readDraft } from '../local-draft';
import { placeFieldErrors } from '../save-errors';
import { ComposerFields } from './composer-fields';
import { ConflictDialog } from './conflict-dialog';
import { DraftRestoreDialog } from './draft-restore-dialog';
import { LeaveDialog } from './leave-dialog';
import styles from './composer.module.css';
import { SaveBar, type SaveMode } from './save-bar';

export interface ComposerProps {
  /** The content as loaded, or null for a new one. Read on mount only. */
  detail: ContentDetail | null;
  userId: number;
  clock: ComposerClock;
  /** After a new content's first save: the page puts its id in the address. */
  onCreated: (id: number) => void;
}

/** Form values with their field errors cleared, for antd's setFields. */
const asFields = (values: ComposerValues) =>
  COMPOSER_FIELDS.map((name) => ({ name, value: values[name], errors: [] }));

/** Edits one content (or a new one) and saves it, keeping unsaved work in a local draft. */
export function Composer({ detail, userId, clock, onCreated }: ComposerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComposerValues>();
  const save = useContentSave();
  const [initial] = useState(() => valuesOf(detail));
  /** The server's copy as last loaded or saved. */
  const [server, setServer] = useState(detail);
  // What the server has, as a snapshot: the form differs from it when there are unsaved changes.
  const baseline = useRef<string | null>(null);
  const saving = useRef(false);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [conflict, setConflict] = useState<ContentConflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const canPublish = useUserStore(
    (state) => state.info?.permissions.includes(PERMISSIONS.publishCreate) ?? false,
  );
  const storageKey = draftKey(userId, server?.id ?? null);
  const [offer, setOffer] = useState<LocalDraft | null>(() => {
    const draft = readDraft(storageKey);
    const loadedAt = detail ? Date.parse(detail.updatedAt) : null;
    return draft && isWorthOffering(draft, initial, loadedAt) ? draft : null;
  });

  const readValues = () => form.getFieldsValue(true) as ComposerValues;
  const hasChanges = () => snapshotOf(readValues()) !== (baseline.current ?? snapshotOf(initial));
  const refreshDirty = () => setDirty(hasChanges());

  const draft = useLocalDraft({
    storageKey,
    dirty,
    clock,
    capture: () => ({ baseVersion: server?.version ?? null, values: readValues() }),
  });
  const blocker = useLeaveGuard(dirty);

  const showFailure = (error: ApiError) => {
    // Session failures (sign in again) were acted on by the client already.
    if (error.handled) return;
    const { fields, others } = placeFieldErrors(error.fieldErrors);
    form.setFields(fields);
    void message.error({ content: [error.message, ...others].join(' '), duration: MESSAGE_DURATION_S });
  };

  /** Resolves true once the form's values are on the server. */
  const submit = async (mode: SaveMode): Promise<boolean> => {
    if (saving.current) return false;
    if (mode === 'draft') {
      form.setFieldValue('status', 'draft');
      refreshDirty();
    }
    try {
      await form.validateFields();
    } catch {
      return false; // the fields show why
    }
    const values = readValues();
    const usedKey = storageKey;
    saving.current = true;
    try {
      const target = server ? { id: server.id, version: server.version } : null;
      const saved = await save.mutateAsync({ values, target });
      baseline.current = snapshotOf(values);
      setServer(saved);
      setSavedAt(clock.now());
      // Text typed while the save was under way is still unsaved; the autosave keeps it.
      draft.clear(usedKey);
      refreshDirty();
      if (!target) onCreated(saved.id);
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      // A failed save keeps the work on this device whatever went wrong.
      if (hasChanges()) draft.flush();
      const stale = error.code === ERRORS.contentStale.code && contentConflictSchema.safeParse(error.data);
      if (stale && stale.success) setConflict(stale.data);
      else showFailure(error);
      return false;
    } finally {
      saving.current = false;
    }
  };

  useSaveShortcut(() => void submit('asIs'), conflict === null && offer === null && !publishing);

  // The server publishes its saved copy: unsaved work is saved first, or nothing opens.
  const openPublish = async () => {
    if (server === null || hasChanges()) {
      if (!(await submit('asIs'))) return;
    }
    setPublishing(true);
  };

  const loadTheirs = async () => {
    if (!server) return;
    setReloading(true);
    try {
      const theirs = await fetchContentDetail(server.id);
      const values = valuesOf(theirs);
      baseline.current = snapshotOf(values);
      form.setFields(asFields(values));
      setServer(theirs);
      setDirty(false);
      setConflict(null);
      // The writer's own text was kept at the 409: offer it back over their version.
      const kept = readDraft(storageKey);
      if (kept && snapshotOf(kept.values) !== baseline.current) setOffer(kept);
    } catch {
      // The client has shown why; the dialog stays for another try.
    } finally {
      setReloading(false);
    }
  };

  const restore = () => {
    if (!offer) return;
    form.setFields(asFields(offer.values));
    setOffer(null);
    refreshDirty();
  };

  const discard = () => {
    draft.clear();
    setOffer(null);
  };

  return (
    <Card title={server ? t('composer.editTitle') : t('route.addContent')}>
      {server?.status === 'archived' && (
        <Alert type="info" showIcon title={t('composer.archivedNote')} style={{ marginBottom: 16 }} />
      )}
      <Form<ComposerValues>
        form={form}
        name="composer"
        layout="vertical"
        initialValues={initial}
        onValuesChange={refreshDirty}
      >
        <ComposerFields server={server} />
      </Form>
      {/* After the fields in reading and tab order; stuck to the window's bottom edge while the
          form is taller than the window, so the save and publish actions stay in view. */}
      <div role="group" aria-label={t('composer.actionsLabel')} className={styles.actions}>
        <SaveBar
          saving={save.isPending}
          dirty={dirty}
          savedAt={savedAt}
          onSave={(mode) => void submit(mode)}
        />
        {canPublish && (
          <Button type="primary" disabled={save.isPending} onClick={() => void openPublish()}>
            {t('publishing.open')}
          </Button>
        )}
      </div>
      <PublishDrawer
        open={publishing}
        source={
          server && {
            id: server.id,
            title: server.title,
            text: server.bodyText,
            media: server.materials,
          }
        }
        now={clock.now}
        onClose={() => setPublishing(false)}
      />
      <DraftRestoreDialog draft={offer} now={clock.now()} onRestore={restore} onDiscard={discard} />
      <ConflictDialog
        conflict={conflict}
        now={clock.now()}
        loading={reloading}
        onLoadTheirs={() => void loadTheirs()}
        onKeepEditing={() => setConflict(null)}
      />
      <LeaveDialog blocker={blocker} />
    </Card>
  );
}
