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
import { type UploadItem, isOpen } from './upload-item';
import { isQuotaRefusal, isTusRefusal, refusalText, tusErrorText } from './upload-messages';

/**
 * Files sent at once, at most: three fill a line as well as more would, and leave browsers (six
 * connections to a server) room for the console's own calls. The server's quota may allow fewer.
 */
export const PARALLEL_UPLOADS = 3;

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
  /** Files waiting for their turn, by key. */
  const files = useRef(new Map<string, File>());
  /** Queued files the server refused for its quota: they wait until one of the others ends. */
  const blocked = useRef(new Set<string>());
  /** Queued files already handed to tus (the list re-renders before their stage changes). */
  const started = useRef(new Set<string>());
  /** Items as last rendered, for tus callbacks, which outlive the render that made them. */
  const rendered = useRef<UploadItem[]>([]);
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
        files.current.delete(key);
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

  const launch = useCallback(
    (key: string) => {
      const uploadPath = settings.data?.uploadPath;
      const file = files.current.get(key);
      if (uploadPath === undefined || !file) return;
      started.current.add(key);
      patch(key, { stage: 'uploading', error: undefined, samples: [], speed: 0 });
      // Refused for the quota before: tus creates the upload anew.
      const earlier = handles.current.get(key);
      if (earlier) {
        earlier.resume();
        return;
      }
      const handle = startTusUpload(file, `${API_BASE}${uploadPath}`, fileType(file), {
        onProgress: (sent) =>
          patch(key, (prev) => {
            const samples = addSample(prev.samples, { at: Date.now(), bytes: sent });
            const stage = prev.stage === 'paused' ? 'paused' : 'uploading';
            return { stage, sent, samples, speed: speedOf(samples) };
          }),
        onRetrying: () => patch(key, { stage: 'reconnecting', speed: 0, samples: [] }),
        onSuccess: (uploadId) => void finish(key, uploadId),
        onError: (error) => {
          const text = tusErrorText(error, t);
          // Over the quota while others of this list are under way: try again when one of them ends.
          const othersOpen = rendered.current.some((item) => item.key !== key && isOpen(item.stage));
          if (isQuotaRefusal(error) && othersOpen) {
            started.current.delete(key);
            blocked.current.add(key);
            patch(key, { stage: 'queued', speed: 0, samples: [], error: text });
            return;
          }
          const refused = isTusRefusal(error);
          if (refused) handles.current.delete(key);
          else stalled.current.add(key);
          patch(key, { stage: refused ? 'refused' : 'failed', speed: 0, error: text });
        },
        onResumeEarlier: () => patch(key, { resumed: true }),
      });
      handles.current.set(key, handle);
    },
    [settings.data?.uploadPath, patch, finish, t],
  );

  const add = (chosen: readonly File[]) => {
    const current = settings.data;
    if (!current) return;
    const added = chosen.map((file) => {
      const check = checkFile(file, current, latest.current.kind);
      const item: UploadItem = {
        key: `upload-${++lastKey}`,
        name: file.name,
        size: file.size,
        stage: check.ok ? 'queued' : 'refused',
        sent: 0,
        speed: 0,
        samples: [],
        resumed: false,
        error: check.ok ? undefined : refusalText(check, file, current.types, t, i18n.language),
      };
      if (check.ok) files.current.set(item.key, file);
      return item;
    });
    setItems((list) => [...list, ...added]);
  };

  const quota = settings.data?.uploadQuota;
  const openKeys = useRef(new Set<string>());
  // Starts queued files, in order, while they fit the quota as far as this list can tell.
  useEffect(() => {
    rendered.current = items;
    const open = items.filter((item) => isOpen(item.stage));
    // One of this list's uploads ended (not merely sent back to the queue): refused ones may now fit.
    const nowOpen = new Set(open.map((item) => item.key));
    const ended = [...openKeys.current].some((key) => !nowOpen.has(key) && !blocked.current.has(key));
    openKeys.current = nowOpen;
    if (ended) blocked.current.clear();
    if (!quota) return;
    let count = open.length;
    let bytes = open.reduce((sum, item) => sum + item.size, 0);
    for (const item of items) {
      if (item.stage !== 'queued' || blocked.current.has(item.key) || started.current.has(item.key)) continue;
      // One file alone always goes: the server allows any accepted file by itself.
      const fits = count === 0 || bytes + item.size <= quota.bytes;
      if (count >= Math.min(PARALLEL_UPLOADS, quota.open) || !fits) break;
      count += 1;
      bytes += item.size;
      launch(item.key);
    }
  }, [items, quota, launch]);

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
    files.current.delete(key);
    blocked.current.delete(key);
    started.current.delete(key);
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
