import type { PublishImportPreview, PublishImportRow } from '@postdeck/contract/publish-import';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { changeLanguage } from '../../../i18n/i18n';
import { type MockRequest, calls, envelope, mockFetch, tokenPair } from '../../../test/fetch-mock';
import { clearAuth, saveAuth } from '../../../utils/auth-cookie';
import { ImportPublicationsButton } from './import-publications-button';

const PREVIEW = '/prod-api/content/publish/import/preview';
const CONFIRM = '/prod-api/content/publish/import/confirm';
const TEMPLATE = '/prod-api/content/publish/import/template';

const row = (extra: Partial<PublishImportRow>): PublishImportRow => ({
  row: 2,
  title: 'Spring issue',
  text: 'Out today',
  accounts: [{ id: 4, name: 'News wire', platform: 'telegram' }],
  scheduledAt: '2026-06-02T07:00:00.000Z',
  timeZone: 'Europe/Madrid',
  mediaIds: [],
  problems: [],
  ...extra,
});

const answer = (rows: PublishImportRow[]): PublishImportPreview => ({
  importId: '6f1c1f39-9a4e-4a53-9c0e-1d2b3c4d5e6f',
  expiresAt: '2026-06-01T08:30:00.000Z',
  rows,
  valid: rows.every((r) => r.problems.length === 0),
});

let preview: (request: MockRequest) => Response;
let confirm: (request: MockRequest) => Response;
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  preview = () => envelope(answer([row({})]));
  confirm = () => envelope({ parentIds: [70, 71] });
  spy = mockFetch((request) => {
    const { pathname } = request.url;
    if (pathname === PREVIEW) return preview(request);
    if (pathname === CONFIRM) return confirm(request);
    if (pathname === TEMPLATE)
      return new Response('\uFEFFtitle,text,accounts,time,timeZone,media\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    return envelope(null, { status: 404, code: 404 });
  });
  saveAuth(tokenPair('current'));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAuth();
  await changeLanguage('en');
});

function renderButton(onImported = vi.fn()) {
  // Files of any type reach the dialog's own check (as a dropped one would).
  const user = userEvent.setup({ applyAccept: false });
  render(
    <Providers queryClient={createQueryClient()}>
      <ImportPublicationsButton onImported={onImported} viewerZone="Asia/Tokyo" />
    </Providers>,
  );
  return { user, onImported };
}

async function openAndChoose(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.click(screen.getByRole('button', { name: /Schedule from a file/ }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, file);
  return dialog;
}

const csvFile = (
  text = 'title,text,accounts,time,timeZone,media\r\nA,B,News wire,2026-06-02 09:00,Europe/Madrid,',
) => new File([text], 'posts.csv', { type: 'text/csv' });

describe('the bulk scheduling dialog', () => {
  it('sends the file as base64, shows each row with its time in its zone and the viewer’s, and schedules on confirm', async () => {
    const { user, onImported } = renderButton();
    const dialog = await openAndChoose(user, csvFile());
    expect(await within(dialog).findByText('Spring issue')).toBeInTheDocument();
    const [sent] = calls(spy, PREVIEW);
    const body = JSON.parse(String(sent?.[1]?.body)) as { fileName: string; format: string; data: string };
    expect(body.fileName).toBe('posts.csv');
    expect(body.format).toBe('csv');
    expect(atob(body.data)).toContain('News wire,2026-06-02 09:00,Europe/Madrid');
    expect(within(dialog).getByText('News wire · Telegram')).toBeInTheDocument();
    expect(within(dialog).getByText('2026-06-02 09:00 (Europe/Madrid)')).toBeInTheDocument();
    expect(within(dialog).getByText('Your time: 2026-06-02 16:00 (Asia/Tokyo)')).toBeInTheDocument();
    expect(within(dialog).getByText('Rows ready to schedule: 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Schedule 1 rows' }));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith([70, 71]));
    expect(JSON.parse(String(calls(spy, CONFIRM)[0]?.[1]?.body))).toEqual({
      importId: '6f1c1f39-9a4e-4a53-9c0e-1d2b3c4d5e6f',
    });
    expect(await screen.findByText('Scheduled: 2')).toBeInTheDocument();
  });

  it('lists each row’s problems in red by column and keeps Confirm disabled', async () => {
    preview = () =>
      envelope(
        answer([
          row({}),
          row({
            row: 3,
            title: 'Broken',
            scheduledAt: null,
            problems: [
              { field: 'accounts.2', message: 'This item does not exist (it may have just been deleted)' },
              { field: 'time', message: 'Write the time as YYYY-MM-DD HH:mm (a date cell will do too)' },
              { field: 'accounts.1.text', message: 'The text is 300 characters; it takes at most 280' },
            ],
          }),
        ]),
      );
    const { user } = renderButton();
    const dialog = await openAndChoose(user, csvFile());
    expect(
      await within(dialog).findByText(
        'accounts, entry 2: This item does not exist (it may have just been deleted)',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('time: Write the time as YYYY-MM-DD HH:mm (a date cell will do too)'),
    ).toBeInTheDocument();
    const preflight = within(dialog).getByText(
      'accounts, entry 1 · text: The text is 300 characters; it takes at most 280',
    );
    expect(preflight.closest('.ant-typography-danger')).not.toBeNull();
    expect(within(dialog).getByText('Rows: 2; with problems: 1')).toBeInTheDocument();
    expect(within(dialog).getByText(/Fix rows 3 in the file/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Schedule 2 rows' })).toBeDisabled();
    expect(calls(spy, CONFIRM)).toHaveLength(0);
  });

  it('shows the server’s refusal of the file, and of a confirmation, as it words them', async () => {
    preview = () =>
      envelope(
        {
          errors: [
            { field: 'data', message: 'The file has no column accounts, time: start from the template' },
          ],
        },
        { status: 400, code: 400, msg: 'Some fields are not valid' },
      );
    const { user } = renderButton();
    const dialog = await openAndChoose(user, csvFile('title\r\nA'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Some fields are not valid');
    expect(alert).toHaveTextContent('File: The file has no column accounts, time: start from the template');

    preview = () => envelope(answer([row({})]));
    confirm = () =>
      envelope(null, {
        status: 409,
        code: 103013,
        msg: 'This preview has expired or was already confirmed: read the file again',
      });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Schedule 1 rows' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This preview has expired or was already confirmed: read the file again',
    );
    // That preview is spent: the file must be read again before anything can be confirmed.
    expect(within(dialog).getByRole('button', { name: 'Schedule 0 rows' })).toBeDisabled();
  });

  it('refuses a file of another type or too large before sending it', async () => {
    const { user } = renderButton();
    const dialog = await openAndChoose(user, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a .csv or .xlsx file.');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.xlsx');
    await user.upload(input, big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('larger than 2 MB');
    expect(calls(spy, PREVIEW)).toHaveLength(0);
  });

  it('downloads the template in the chosen format', async () => {
    const created = vi.fn(() => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: /Schedule from a file/ }));
    await user.click(await screen.findByRole('button', { name: 'Download the template (XLSX)' }));
    await waitFor(() => expect(calls(spy, TEMPLATE)).toHaveLength(1));
    expect(new URL(String(calls(spy, TEMPLATE)[0]?.[0]), 'http://localhost').searchParams.get('format')).toBe(
      'xlsx',
    );
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it('speaks the interface language', async () => {
    await changeLanguage('ja');
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: /ファイルから予約/ }));
    expect(
      await screen.findByRole('button', { name: 'テンプレートをダウンロード（CSV）' }),
    ).toBeInTheDocument();
  });
});
