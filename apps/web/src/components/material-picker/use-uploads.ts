import { API_BASE } from '@postdeck/contract/constants';
import type { MaterialKind, UploadComplete } from '@postdeck/contract/materials';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { checkFile, fileType } from './file-check';
import { useUploadComplete } from './material-mutations';
import { useMaterialSettings } from './material-queries';
import { addSample, speedOf } from './transfer-speed';
import { type TusHandle, startTusUpload } from './tus-upload';
import type { UploadItem } from './upload-item';
import { isTusRefusal, refusalText, tusErrorText } from './upload-messages';

export interface UploadOptions {
  /** Only this kind is accepted (the picker for images). */
  kind?: MaterialKind;
  /** Where the materials are filed; the server defaults to the uploader's department. */
  departmentId?: number;
  /** A file is in the library: new, or (result.duplicate) the material that already held its bytes. */
  onUploaded?: (result: UploadComplete) => void;
}

let lastKey = 0;

type Change = Partial<UploadItem> | ((item: UploadItem) => Partial<UploadItem>);

/** The uploader's files, each checked, sent with tus, then filed with uploadComplete. */
export function useUploads(options: UploadOptions) {
  const { t, i18n } = useTranslation();
  const settings = useMaterialSettings();
  const { mutateAsync: complete } = useUploadComplete();
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<string, TusHandle>());
  /** Uploads tus gave up on: a returning connection resumes them. */
  const stalled = useRef(new Set<string>());
  /** Uploads whose bytes all arrived, by key: the tus id to file them with. */
  const arrived = useRef(new Map<string, string>());
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const patch = useCallback((key: string, change: Change) => {
    setItems((list) =>
      list.map((item) =>
        item.key === key ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item,
      ),
    );
  }, []);

  const finish = useCallback(
    async (key: string, uploadId: string) => {
      handles.current.delete(key);
      arrived.current.set(key, uploadId);
      patch(key, (item) => ({ stage: 'completing', error: undefined, sent: item.size, speed: 0 }));
      try {
        const result = await complete({ uploadId, departmentId: latest.current.departmentId });
        arrived.current.delete(key);
        patch(key, { stage: 'done', result });
        latest.current.onUploaded?.(result);
      } catch (error) {
        // The server refusing the file (its real type, its size) is final; anything else can be retried.
        const refused =
          isApiError(error) && error.kind === 'api' && error.status >= 400 && error.status < 500;
        const text = isApiError(error) ? error.message : t('materials.upload.failed');
        if (!refused) stalled.current.add(key);
        patch(key, { stage: refused ? 'refused' : 'failed', error: text });
      }
    },
    [complete, patch, t],
  );

  const add = (files: readonly File[]) => {
    const current = settings.data;
    if (!current) return;
    const endpoint = `${API_BASE}${current.uploadPath}`;
    const added = files.map((file) => {
      const check = checkFile(file, current, latest.current.kind);
      const item: UploadItem = {
        key: `upload-${++lastKey}`,
        name: file.name,
        size: file.size,
        stage: check.ok ? 'uploading' : 'refused',
        sent: 0,
        speed: 0,
        samples: [],
        resumed: false,
        error: check.ok ? undefined : refusalText(check, file, current.types, t, i18n.language),
      };
      return { item, file, check };
    });
    setItems((list) => [...list, ...added.map(({ item }) => item)]);
    for (const { item, file, check } of added) {
      if (!check.ok) continue;
      const { key } = item;
      const handle = startTusUpload(file, endpoint, fileType(file), {
        onProgress: (sent) =>
          patch(key, (prev) => {
            const samples = addSample(prev.samples, { at: Date.now(), bytes: sent });
            const stage = prev.stage === 'paused' ? 'paused' : 'uploading';
            return { stage, sent, samples, speed: speedOf(samples) };
          }),
        onRetrying: () => patch(key, { stage: 'reconnecting', speed: 0, samples: [] }),
        onSuccess: (uploadId) => void finish(key, uploadId),
        onError: (error) => {
          const refused = isTusRefusal(error);
          if (refused) handles.current.delete(key);
          else stalled.current.add(key);
          patch(key, { stage: refused ? 'refused' : 'failed', speed: 0, error: tusErrorText(error, t) });
        },
        onResumeEarlier: () => patch(key, { resumed: true }),
      });
      handles.current.set(key, handle);
    }
  };

  const pause = (key: string) => {
    handles.current.get(key)?.pause();
    patch(key, { stage: 'paused', speed: 0, samples: [] });
  };

  const resume = useCallback(
    (key: string) => {
      stalled.current.delete(key);
      const handle = handles.current.get(key);
      if (handle) {
        handle.resume();
        patch(key, { stage: 'uploading', error: undefined, samples: [], speed: 0 });
        return;
      }
      // Every byte arrived but filing it failed: file it again.
      const uploadId = arrived.current.get(key);
      if (uploadId) void finish(key, uploadId);
    },
    [finish, patch],
  );

  /** Cancels (the server deletes the partial upload) or takes a finished file off the list. */
  const remove = (key: string) => {
    void handles.current.get(key)?.cancel();
    handles.current.delete(key);
    stalled.current.delete(key);
    arrived.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  };

  useEffect(() => {
    const stalledKeys = stalled.current;
    const comeBack = () => {
      for (const key of [...stalledKeys]) resume(key);
    };
    window.addEventListener('online', comeBack);
    return () => window.removeEventListener('online', comeBack);
  }, [resume]);

  useEffect(() => {
    const running = handles.current;
    // Leaving the page pauses rather than deletes: the same file later continues where it stopped.
    return () => running.forEach((handle) => handle.pause());
  }, []);

  return { items, settings, add, pause, resume, remove };
}
