import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialSettings } from '@postdeck/contract/materials';
import type { PreviousUpload, Upload } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { Providers } from '../../app/providers';
import { calls, envelope, mockFetch, tokenPair } from '../../test/fetch-mock';
import { clearAuth, saveAuth } from '../../utils/auth-cookie';
import { SETTINGS, material } from './test-fixtures';
import { UploadPanel } from './upload-panel';

type Options = ConstructorParameters<typeof Upload>[1];

// The protocol itself is tested end to end against the server; here tus is a puppet.
const tus = vi.hoisted(() => {
  class FakeUpload {
    url: string | null = null;
    started = 0;
    file: File;
    options: Options;
    constructor(file: File, options: Options) {
      this.file = file;
      this.options = options;
      tus.instances.push(this);
    }
    findPreviousUploads = () => Promise.resolve([]);
    resumeFromPreviousUpload() {}
    start() {
      this.started += 1;
    }
    abort = vi.fn(() => Promise.resolve());
    static terminate = vi.fn((_url: string, _options: Options) => Promise.resolve());
  }
  const urlStorage = {
    findAllUploads: vi.fn(async (): Promise<PreviousUpload[]> => []),
    removeUpload: vi.fn(async (_key: string) => {}),
  };
  return { FakeUpload, instances: [] as FakeUpload[], urlStorage };
});

vi.mock('tus-js-client', () => ({
  Upload: tus.FakeUpload,
  defaultOptions: { urlStorage: tus.urlStorage },
}));

let spy: ReturnType<typeof mockFetch>;
let rejectToken: string | undefined;
let settings: MaterialSettings;

beforeEach(() => {
  tus.instances.length = 0;
  tus.urlStorage.findAllUploads.mockResolvedValue([]);
  rejectToken = undefined;
  settings = SETTINGS;
  clearAuth();
  spy = mockFetch(({ url, headers }) => {
    if (url.pathname.endsWith('/material/settings')) {
      if (rejectToken && headers.get('Authorization') === `Bearer ${rejectToken}`) {
        return envelope(null, { status: 401, code: 101103, msg: 'expired' });
      }
      return envelope(settings);
    }
    if (url.pathname.endsWith('/control/user/refreshToken')) return envelope(tokenPair('fresh'));
    if (url.pathname.endsWith('/material/uploadComplete')) {
      return envelope({ material: material(9, 'Old photo'), duplicate: true });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuth();
});

async function renderPanel(onUploaded = vi.fn()) {
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <UploadPanel onUploaded={onUploaded} />
    </Providers>,
  );
  await screen.findByText(/Drop files here/);
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { user, input, onUploaded };
}

const bytes = (n: number, name: string, type: string) => new File(['x'.repeat(n)], name, { type });

async function startOne(user: ReturnType<typeof userEvent.setup>, index = 0) {
  // rc-upload puts a new input in place after each choice.
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, bytes(500, 'photo.png', 'image/png'));
  await waitFor(() => expect(tus.instances[index]?.started).toBe(1));
  return tus.instances[index] as InstanceType<typeof tus.FakeUpload>;
}

describe('the uploader', () => {
  it('refuses a wrong type and a too big file, naming them, before anything is sent', async () => {
    const { user, input } = await renderPanel();
    await user.upload(input, [bytes(10, 'notes.txt', 'text/plain'), bytes(1001, 'huge.png', 'image/png')]);
    expect(
      await screen.findByText('"notes.txt" cannot be added: only JPEG, PNG, MP4 files are accepted.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('"huge.png" is 1,001 bytes; images can be at most 1,000 bytes.'),
    ).toBeInTheDocument();
    expect(tus.instances).toHaveLength(0);
    expect(spy.mock.calls.every(([input]) => String(input).endsWith('/material/settings'))).toBe(true);
  });

  it('uploads with tus, then files the upload and tells a duplicate', async () => {
    const { user, onUploaded } = await renderPanel();
    const upload = await startOne(user);
    expect(upload.options).toMatchObject({
      endpoint: '/prod-api/material/upload',
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: 'photo.png', filetype: 'image/png' },
    });

    act(() => upload.options.onProgress?.(250, 500));
    expect(screen.getByRole('progressbar', { name: 'photo.png' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('250 bytes of 500 bytes')).toBeInTheDocument();

    act(() => {
      expect(
        upload.options.onShouldRetry?.({ originalRequest: {}, originalResponse: null } as never, 0, {}),
      ).toBe(true);
    });
    expect(screen.getByText('Connection lost, reconnecting…')).toBeInTheDocument();

    upload.url = 'http://localhost/prod-api/material/upload/abcdef123456';
    act(() => upload.options.onSuccess?.({} as never));
    expect(
      await screen.findByText('Already in the library as "Old photo"; that material is used.'),
    ).toBeInTheDocument();
    const [call] = calls(spy, '/prod-api/material/uploadComplete');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ uploadId: 'abcdef123456' });
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ duplicate: true }));
  });

  it("shows the upload server's refusal in the user's language, without offering to resume", async () => {
    const { user } = await renderPanel();
    const upload = await startOne(user);
    const response = {
      getStatus: () => 413,
      getBody: () => JSON.stringify({ code: 100503, msg: 'Este archivo supera los 20 MB', data: null }),
    };
    act(() => upload.options.onError?.({ originalRequest: {}, originalResponse: response } as never));
    expect(screen.getByText('Este archivo supera los 20 MB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume photo.png' })).not.toBeInTheDocument();

    const second = await startOne(user, 1);
    act(() => second.options.onError?.({ originalRequest: {}, originalResponse: null } as never));
    expect(screen.getByText('The connection was lost. Resume when it is back.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume photo.png' })).toBeInTheDocument();
  });

  it('pauses, resumes and cancels with abort(true)', async () => {
    const { user } = await renderPanel();
    const upload = await startOne(user);
    await user.click(screen.getByRole('button', { name: 'Pause photo.png' }));
    expect(upload.abort).toHaveBeenLastCalledWith();
    await user.click(screen.getByRole('button', { name: 'Resume photo.png' }));
    expect(upload.started).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Cancel photo.png' }));
    expect(upload.abort).toHaveBeenLastCalledWith(true);
    expect(screen.queryByText('photo.png')).not.toBeInTheDocument();
  });

  it('sends a fresh token with every request, refreshed through the client', async () => {
    saveAuth(tokenPair('old'), Date.now() - 7201 * 1000);
    const { user } = await renderPanel();
    const upload = await startOne(user);
    const setHeader = vi.fn();
    const request = { setHeader } as never;

    await upload.options.onBeforeRequest?.(request);
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer access-fresh');

    // The upload server refuses a token the client still thinks valid: refresh once and replay.
    rejectToken = 'access-fresh';
    const refused = { originalRequest: {}, originalResponse: { getStatus: () => 401 } } as never;
    expect(upload.options.onShouldRetry?.(refused, 0, {})).toBe(true);
    setHeader.mockClear();
    spy.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path.endsWith('/control/user/refreshToken')) return envelope(tokenPair('newer'));
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer access-fresh'
        ? envelope(null, { status: 401, code: 101103, msg: 'expired' })
        : envelope(SETTINGS);
    });
    await upload.options.onBeforeRequest?.(request);
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer access-newer');
    // A second refusal in a row is a real one.
    expect(upload.options.onShouldRetry?.(refused, 1, {})).toBe(false);
  });
});

describe('the uploader within the upload quota', () => {
  const photos = (count: number, size = 500) =>
    Array.from({ length: count }, (_, i) => bytes(size, `photo-${i + 1}.png`, 'image/png'));
  const waiting = () => screen.queryAllByText('Waiting for room among your uploads');
  const nth = (index: number) => tus.instances[index] as InstanceType<typeof tus.FakeUpload>;
  const startedCount = () => tus.instances.filter((upload) => upload.started > 0).length;
  const quotaRefusal = (msg: string) =>
    ({
      originalRequest: {},
      originalResponse: {
        getStatus: () => 429,
        getBody: () => JSON.stringify({ code: 100407, msg, data: null }),
      },
    }) as never;

  it('sends three files at once and the next when one ends, the rest waiting in order', async () => {
    const { user, input } = await renderPanel();
    await user.upload(input, photos(5));
    await waitFor(() => expect(startedCount()).toBe(3));
    expect(tus.instances.map((upload) => upload.file.name)).toEqual([
      'photo-1.png',
      'photo-2.png',
      'photo-3.png',
    ]);
    expect(waiting()).toHaveLength(2);

    const [first, second] = [nth(0), nth(1)];
    first.url = 'http://localhost/prod-api/material/upload/1-abcdef123456';
    act(() => first.options.onSuccess?.({} as never));
    await waitFor(() => expect(startedCount()).toBe(4));
    expect(tus.instances[3]?.file.name).toBe('photo-4.png');
    // A paused upload keeps its place (the server still holds it); a cancelled one frees it.
    await user.click(screen.getByRole('button', { name: 'Pause photo-2.png' }));
    expect(startedCount()).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Cancel photo-2.png' }));
    expect(second.abort).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(startedCount()).toBe(5));
    expect(waiting()).toHaveLength(0);
  });

  it('keeps the bytes in flight within the quota', async () => {
    settings = { ...SETTINGS, uploadQuota: { open: 10, bytes: 1200 } };
    const { user, input } = await renderPanel();
    await user.upload(input, photos(3));
    await waitFor(() => expect(startedCount()).toBe(2));
    expect(waiting()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel photo-1.png' }));
    await waitFor(() => expect(startedCount()).toBe(3));
    expect(tus.instances[2]?.file.name).toBe('photo-3.png');
  });

  it("shows the server's quota refusal in the user's language and tries again when another upload ends", async () => {
    const { user, input } = await renderPanel();
    await user.upload(input, photos(2));
    await waitFor(() => expect(startedCount()).toBe(2));
    const [first, second] = [nth(0), nth(1)];
    const msg = 'Ya tiene 10 subidas sin terminar, el máximo permitido a la vez';
    act(() => second.options.onError?.(quotaRefusal(msg)));
    // Another tab's uploads count too: this one waits for one of this list's to end, saying why.
    expect(screen.getByText(msg)).toBeInTheDocument();
    expect(waiting()).toHaveLength(1);
    expect(second.started).toBe(1);

    first.url = 'http://localhost/prod-api/material/upload/1-abcdef123456';
    act(() => first.options.onSuccess?.({} as never));
    await waitFor(() => expect(second.started).toBe(2));
    expect(screen.queryByText(msg)).not.toBeInTheDocument();

    // Refused again with nothing else under way: stopped, with the reason and a way to try again.
    act(() => second.options.onError?.(quotaRefusal(msg)));
    expect(screen.getByText(msg)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume photo-2.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume photo-2.png' }));
    expect(second.started).toBe(3);
  });
});

describe('uploads an earlier page load left unfinished', () => {
  it('are cancelled on the server when forgotten, so they stop counting against the quota', async () => {
    saveAuth(tokenPair('now'));
    const earlier: PreviousUpload = {
      size: 4000,
      metadata: { filename: 'interview.mp4' },
      creationTime: '2026-01-01T00:00:00Z',
      urlStorageKey: 'tus::interview',
      uploadUrl: 'http://localhost/prod-api/material/upload/7-0123456789abcdef',
      parallelUploadUrls: null,
    };
    tus.urlStorage.findAllUploads.mockResolvedValue([earlier]);
    const { user } = await renderPanel();
    expect(await screen.findByText(/Unfinished uploads from before: interview.mp4/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forget them' }));
    await waitFor(() => expect(tus.urlStorage.removeUpload).toHaveBeenCalledWith('tus::interview'));
    const [url, options] = tus.FakeUpload.terminate.mock.calls[0] ?? [];
    expect(url).toBe(earlier.uploadUrl);
    const setHeader = vi.fn();
    await options?.onBeforeRequest?.({ setHeader } as never);
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer access-now');
    expect(screen.queryByText(/Unfinished uploads from before/)).not.toBeInTheDocument();
  });
});
