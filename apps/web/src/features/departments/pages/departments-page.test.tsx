import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { departmentsQuery } from '../../../api/departments';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { DepartmentsPage } from './departments-page';

const department = (
  id: number,
  name: string,
  parentId: number | null,
  extra: { userCount?: number; empty?: boolean; sort?: number } = {},
) => ({ id, name, parentId, sort: 0, userCount: 0, empty: true, ...extra });

/** Head office > Newsroom > (Video > Shorts, Audio); Head office > International. */
const DEPARTMENTS = [
  department(1, 'Head office', null, { userCount: 2, empty: false }),
  department(2, 'Newsroom', 1, { userCount: 5, empty: false }),
  department(3, 'Video', 2, { userCount: 0, empty: false }),
  department(6, 'Shorts', 3),
  department(4, 'International', 1, { userCount: 3, empty: false }),
  department(5, 'Audio', 2, { sort: 2 }),
];

let spy: ReturnType<typeof mockFetch>;
let listFails = false;
let items = DEPARTMENTS;

beforeEach(() => {
  listFails = false;
  items = DEPARTMENTS;
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/control/dept/admin/list')) {
      if (listFails) return envelope(null, { status: 500, code: 500, msg: 'boom' });
      return envelope({ items });
    }
    if (path.endsWith('/control/dept/create')) {
      const sent = body as { name: string; parentId: number; sort: number };
      if (sent.name === 'Newsroom') {
        return envelope(
          { errors: [{ field: 'name', message: 'A department with this name already exists here' }] },
          { status: 409, code: 100702, msg: 'A department with this name already exists here' },
        );
      }
      return envelope(department(9, sent.name, sent.parentId, { sort: sent.sort }));
    }
    if (path.endsWith('/control/dept/update')) {
      const sent = body as { id: number; name: string; parentId: number; sort: number };
      const current = DEPARTMENTS.find((d) => d.id === sent.id);
      if (sent.name === 'International') {
        return envelope(
          { errors: [{ field: 'name', message: 'A department with this name already exists here' }] },
          { status: 409, code: 100702, msg: 'A department with this name already exists here' },
        );
      }
      return envelope({ ...current, name: sent.name, parentId: sent.parentId, sort: sent.sort });
    }
    if (path.endsWith('/control/dept/delete')) return envelope(null);
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage() {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['system:dept'] }, []);
  const router = createMemoryRouter([{ path: '/api/system/dept', Component: DepartmentsPage }], {
    initialEntries: ['/api/system/dept'],
  });
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { queryClient, user: userEvent.setup() };
}

const bodiesOf = (path: string) => calls(spy, path).map(([, init]) => JSON.parse(String(init?.body)));
const LIST = '/prod-api/control/dept/admin/list';

/** antd names its dialogs by an id that is the same 'test-id' for every component under test. */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
/** The form item (label, control and messages) of a control. */
const itemOf = (control: HTMLElement) => control.closest('.ant-form-item') as HTMLElement;
/** A department offered on the open parent picker (not the picked one shown in the box). */
const pickerOption = async (title: string) =>
  (await screen.findAllByTitle(title)).find((element) =>
    element.closest('.ant-select-tree-treenode'),
  ) as HTMLElement;
const pickerNode = async (title: string) =>
  (await pickerOption(title)).closest('.ant-select-tree-treenode') as HTMLElement;

describe('the department administration page', () => {
  it('shows the departments as an open tree with their user counts', async () => {
    renderPage();
    const newsroom = await rowOf('Newsroom');
    expect(within(newsroom).getByRole('cell', { name: '5' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    // In the list's order, children under their parent; each level indented one step further.
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Head office',
      'Newsroom',
      'Video',
      'Shorts',
      'Audio',
      'International',
    ]);
    expect(newsroom).toHaveClass('ant-table-row-level-1');
    expect(await rowOf('Video')).toHaveClass('ant-table-row-level-2');
    expect(await rowOf('Shorts')).toHaveClass('ant-table-row-level-3');
    expect(await rowOf('International')).toHaveClass('ant-table-row-level-1');
  });

  it('closes and opens a branch', async () => {
    const { user } = renderPage();
    const newsroom = await rowOf('Newsroom');
    await user.click(within(newsroom).getByRole('button', { name: /collapse/i }));
    await waitFor(() => expect(screen.queryByText('Video')).not.toBeInTheDocument());
    await user.click(within(newsroom).getByRole('button', { name: /expand/i }));
    expect(await rowOf('Video')).toHaveClass('ant-table-row-level-2');
  });

  it('shows a failed load with a way to try again', async () => {
    listFails = true;
    const { user } = renderPage();
    expect(await screen.findByText('The departments could not be loaded.')).toBeInTheDocument();
    listFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Newsroom')).toBeInTheDocument();
  });

  it('says so when there is no department to manage', async () => {
    items = [];
    renderPage();
    expect(await screen.findByText('No departments to manage')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New department/ })).toBeDisabled();
  });

  it('creates a department under a chosen parent and refreshes the lists', async () => {
    const { user, queryClient } = renderPage();
    // What the department pickers of other pages hold.
    queryClient.setQueryData(departmentsQuery().queryKey, []);
    await rowOf('Newsroom');
    expect(calls(spy, LIST)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /New department/ }));
    const dialog = await dialogTitled('Create a department');
    // The single top department is the parent to begin with.
    expect(
      within(itemOf(within(dialog).getByLabelText('Parent department'))).getByTitle('Head office'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), '  Sports  ');
    await user.click(within(dialog).getByLabelText('Parent department'));
    await user.click(await screen.findByTitle('International'));
    const sort = within(dialog).getByLabelText('Order');
    await user.clear(sort);
    await user.type(sort, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/dept/create')).toEqual([{ name: 'Sports', parentId: 4, sort: 3 }]),
    );
    expect(await screen.findByText('Department Sports created.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
    expect(queryClient.getQueryState(departmentsQuery().queryKey)?.isInvalidated).toBe(true);
  });

  it('adds a sub-department under its row, and shows a taken name on the name field', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Head office')).getByRole('button', { name: 'Add sub-department' }));
    const dialog = await dialogTitled('Add a sub-department to Head office');
    expect(within(dialog).getByText('The new department goes under Head office.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Parent department')).not.toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name');
    await user.type(name, 'Newsroom');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(
      await within(itemOf(name)).findByText('A department with this name already exists here'),
    ).toBeInTheDocument();
    expect(bodiesOf('/prod-api/control/dept/create')).toEqual([{ name: 'Newsroom', parentId: 1, sort: 0 }]);
    // The refusal stays on the form, which stays open with what was typed.
    expect(name).toBeInTheDocument();
    expect(name).toHaveValue('Newsroom');
    expect(screen.queryByText(/created/)).not.toBeInTheDocument();
  });

  it('edits a department; its parent picker disables the department and what is below it', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Newsroom')).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit Newsroom');
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Newsroom');
    const parent = within(dialog).getByLabelText('Parent department');
    expect(within(itemOf(parent)).getByTitle('Head office')).toBeInTheDocument();

    await user.click(parent);
    for (const below of ['Newsroom', 'Video', 'Shorts', 'Audio']) {
      expect(await pickerNode(below)).toHaveClass('ant-select-tree-treenode-disabled');
    }
    expect(await pickerNode('Head office')).not.toHaveClass('ant-select-tree-treenode-disabled');
    expect(await pickerNode('International')).not.toHaveClass('ant-select-tree-treenode-disabled');
    await user.click(await pickerOption('International'));
    expect(within(itemOf(parent)).getByTitle('International')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'International');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(itemOf(name)).findByText('A department with this name already exists here'),
    ).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'News desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/dept/update')).toEqual([
        { id: 2, name: 'International', parentId: 4, sort: 0 },
        { id: 2, name: 'News desk', parentId: 4, sort: 0 },
      ]),
    );
    expect(await screen.findByText('Changes to News desk saved.')).toBeInTheDocument();
  });

  it('edits the top department without a parent field', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Head office')).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit Head office');
    expect(within(dialog).queryByLabelText('Parent department')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/This is the top department/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/dept/update')).toEqual([
        { id: 1, name: 'Head office', parentId: 1, sort: 0 },
      ]),
    );
  });

  it('keeps a department where it is when its parent is outside the managed ones', async () => {
    items = DEPARTMENTS.filter((d) => d.id !== 1);
    const { user } = renderPage();
    const newsroom = await rowOf('Newsroom');
    expect(newsroom).toHaveClass('ant-table-row-level-0');
    await user.click(within(newsroom).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit Newsroom');
    const parent = within(dialog).getByLabelText('Parent department');
    expect(
      within(itemOf(parent)).getByText('Where it is now (outside the departments you manage)'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/dept/update')).toEqual([
        { id: 2, name: 'Newsroom', parentId: 1, sort: 0 },
      ]),
    );
  });

  it('deletes an empty department after asking', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Audio')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Audio?')).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/dept/delete')).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(bodiesOf('/prod-api/control/dept/delete')).toEqual([{ id: 5 }]));
    expect(await screen.findByText('Department Audio deleted.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
  });

  it('does not offer to delete a department that is not empty, nor the top one, and says why', async () => {
    const { user } = renderPage();
    const remove = within(await rowOf('Video')).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.hover(remove);
    expect(
      await screen.findByText(
        'Only an empty department can be deleted: this one still has sub-departments, users, contents or materials.',
      ),
    ).toBeInTheDocument();
    expect(within(await rowOf('Head office')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(await rowOf('Shorts')).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
