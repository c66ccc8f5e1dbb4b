import type { ContentDetail } from '@postdeck/contract/content';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { material, video } from '../../../components/material-picker/test-fixtures';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, envelope, mockFetch } from '../../../test/fetch-mock';
import { MediaFields } from './media-fields';

const cover = material(1, 'Cover.png');
const clip = video(2, 'Clip.mp4');
const still = material(3, 'Still.png');
const extra = material(4, 'Extra.png');

beforeEach(() => {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['material:list'] }, []);
  mockFetch(({ url }) => {
    if (url.pathname.endsWith('/material/list')) {
      return envelope({
        items: [extra, still],
        total: 2,
        totalExact: true,
        next: null,
        prev: null,
        page: 1,
        pageSize: 24,
      });
    }
    if (url.pathname.endsWith('/material/settings')) {
      return envelope({
        maxBytes: { image: 1, video: 1 },
        uploadQuota: { open: 10, bytes: 2 },
        types: [],
        videoProcessing: true,
        uploadPath: '/material/upload',
      });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderFields() {
  const server = { cover, materials: [clip, still] } as unknown as ContentDetail;
  let form: ReturnType<typeof Form.useForm>[0] | undefined;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ coverMaterialId: 1, materialIds: [2, 3] }}>
        <MediaFields server={server} />
      </Form>
    );
  }
  render(
    <Providers queryClient={createQueryClient()}>
      <Harness />
    </Providers>,
  );
  return { value: (name: string) => form?.getFieldValue(name) as unknown, user: userEvent.setup() };
}

const attached = () =>
  screen.getAllByTestId('attached-material').map((item) => {
    // The thumb comes first: an <img> with the name as alt, or a placeholder labelled with it.
    const thumb = item.querySelector('img, [role="img"][aria-label]');
    return thumb?.getAttribute('alt') ?? thumb?.getAttribute('aria-label');
  });

describe('MediaFields', () => {
  it('shows the cover and the attached materials in order, reorders and removes', async () => {
    const { value, user } = renderFields();
    expect(screen.getByAltText('Cover.png')).toBeInTheDocument();
    expect(attached()).toEqual(['Clip.mp4', 'Still.png']);
    await user.click(screen.getByRole('button', { name: 'Move Still.png earlier' }));
    expect(value('materialIds')).toEqual([3, 2]);
    await user.click(screen.getByRole('button', { name: 'Remove Clip.mp4' }));
    expect(value('materialIds')).toEqual([3]);
    await user.click(screen.getByRole('button', { name: /Remove the cover/ }));
    expect(value('coverMaterialId')).toBeNull();
  });

  it('adds picked materials once each, after the ones already attached', async () => {
    const { value, user } = renderFields();
    await user.click(screen.getByRole('button', { name: /Add images or video/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Extra.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Still.png' }));
    await user.click(screen.getByRole('button', { name: 'Use selected' }));
    await waitFor(() => expect(value('materialIds')).toEqual([2, 3, 4]));
    expect(attached()).toEqual(['Clip.mp4', 'Still.png', 'Extra.png']);
  });
});
