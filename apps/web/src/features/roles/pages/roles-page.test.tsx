import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { changeLanguage } from '../../../i18n/i18n';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { RolesPage } from './roles-page';

const role = (
  id: number,
  code: string,
  name: string,
  extra: { dataScope?: string; builtIn?: boolean; userCount?: number; menuIds?: number[] } = {},
) => ({ id, code, name, dataScope: 'own', builtIn: false, userCount: 0, menuIds: [], ...extra });

const ROLES = [
  role(1, 'admin', 'Administrator', {
    dataScope: 'all',
    builtIn: true,
    userCount: 1,
    menuIds: [10, 11, 12, 20, 21, 22],
  }),
  role(2, 'dept_admin', 'Department administrator', { dataScope: 'tree', builtIn: true }),
  // The material library without 'manage materials'.
  role(3, 'editor', 'Editor', { userCount: 2, menuIds: [10, 11] }),
  role(4, 'guest', 'Guest'),
];

const menu = (id: number, parentId: number | null, name: string, url: string, extra = {}) => ({
  id,
  parentId,
  builtIn: true,
  kind: url === '' ? 'action' : 'menu',
  name,
  titles: {},
  url,
  icon: '',
  hidden: url === '',
  alwaysShow: false,
  sort: id,
  permissions: [],
  ...extra,
});

/** Materials > Material library > Manage materials (action); System > Users, Roles. */
const MENUS = [
  menu(22, 20, 'roles', '/api/system/role'),
  menu(10, null, 'materialsGroup', '#'),
  menu(11, 10, 'materials', '/api/material/list'),
  menu(12, 11, 'manageMaterials', '', { titles: { en: 'Manage materials' } }),
  menu(20, null, 'system', '#'),
  menu(21, 20, 'users', '/api/system/user'),
];

const person = (id: number, account: string, name: string) => ({ id, account, name, department: 'Newsroom' });
const MEMBERS = [person(7, 'bwright', 'Ben Wright'), person(8, 'cclark', 'Cora Clark')];
const CANDIDATES = [
  person(9, 'dlee', 'Dana Lee'),
  person(10, 'efox', 'Eli Fox'),
  person(11, 'gkim', 'Gil Kim'),
];

let spy: ReturnType<typeof mockFetch>;
let deleteFails = false;

const fieldError = (field: string, message: string, code: number) =>
  envelope({ errors: [{ field, message }] }, { status: code === 100801 ? 409 : 400, code, msg: message });

beforeEach(() => {
  deleteFails = false;
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    const query = url.searchParams;
    if (path.endsWith('/control/user/userrole/list')) {
      const keyword = query.get('keyword');
      const items = keyword ? ROLES.filter((r) => r.code.includes(keyword)) : ROLES;
      return envelope({
        items,
        total: items.length,
        totalExact: true,
        next: null,
        prev: null,
        page: 1,
        pageSize: 10,
      });
    }
    if (path.endsWith('/control/role/menus')) return envelope({ items: MENUS });
    if (path.endsWith('/control/user/userrole/add')) {
      if (query.get('code') === 'editor') {
        return fieldError('code', 'A role with this code already exists', 100801);
      }
      return envelope(
        role(9, query.get('code') ?? '', query.get('name') ?? '', {
          dataScope: query.get('dataScope') ?? 'own',
        }),
      );
    }
    if (path.endsWith('/control/role/update')) {
      const sent = body as { id: number; name: string; menuIds: number[] };
      if (sent.menuIds.includes(22)) {
        return fieldError(
          'menuIds',
          'A role cannot grant menus, actions or a data scope you do not have yourself',
          100804,
        );
      }
      return envelope({ ...ROLES.find((r) => r.id === sent.id), ...sent });
    }
    if (path.endsWith('/control/user/userrole/delete')) {
      const userIds = query.get('userIds');
      if (userIds) return envelope({ deleted: userIds.split(',').length });
      if (deleteFails) {
        return envelope(null, {
          status: 409,
          code: 100802,
          msg: 'Only a role that no user holds can be deleted: take it from its users first',
        });
      }
      return envelope({ deleted: 1 });
    }
    if (path.endsWith('/control/user/userrole/insert')) {
      return envelope({ inserted: (query.get('userIds') ?? '').split(',').length });
    }
    if (path.endsWith('/control/user/userrole/users')) {
      const items = query.get('member') === 'true' ? MEMBERS : CANDIDATES;
      const keyword = query.get('keyword');
      const found = keyword ? items.filter((u) => u.account.includes(keyword)) : items;
      return envelope({
        items: found,
        total: found.length,
        totalExact: true,
        next: null,
        prev: null,
        page: 1,
        pageSize: 10,
      });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry = '/api/system/role') {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['system:role'] }, []);
  const router = createMemoryRouter([{ path: '/api/system/role', Component: RolesPage }], {
    initialEntries: [entry],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

const LIST = '/prod-api/control/user/userrole/list';
const USERS = '/prod-api/control/user/userrole/users';
const queriesOf = (path: string) =>
  calls(spy, path).map(([input]) => Object.fromEntries(new URL(String(input), 'http://x').searchParams));
const bodiesOf = (path: string) => calls(spy, path).map(([, init]) => JSON.parse(String(init?.body)));

/** antd names its dialogs by an id that is the same 'test-id' for every component under test. */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;
const rowOf = async (text: string, scope: HTMLElement = document.body) =>
  (await within(scope).findByText(text)).closest('tr') as HTMLElement;
const itemOf = (control: HTMLElement) => control.closest('.ant-form-item') as HTMLElement;
/** A menu entry of the role form's tree, by its title. */
const entryOf = (dialog: HTMLElement, title: string) =>
  within(dialog)
    .getByText(title, { selector: '.ant-tree-title > span' })
    .closest('[role="treeitem"]') as HTMLElement;
/**
 * An entry's tick box. Found through its entry, not by its name: the box is named by the
 * entry's id, and under test every antd component makes the same ids ('test-id').
 */
const tick = (dialog: HTMLElement, title: string) => within(entryOf(dialog, title)).getByRole('checkbox');
/** The last button of that name: the one in a confirm box opened over the rest. */
const lastButton = (name: string) => screen.getAllByRole('button', { name }).at(-1) as HTMLElement;

describe('the roles page', () => {
  it('lists the roles with their data scope, built-in mark and user count', async () => {
    renderPage();
    const editor = await rowOf('editor');
    expect(within(editor).getByText('Editor')).toBeInTheDocument();
    expect(within(editor).getByText('Own department')).toBeInTheDocument();
    expect(within(editor).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(editor).queryByText('Built-in')).not.toBeInTheDocument();
    const deptAdmin = await rowOf('dept_admin');
    expect(within(deptAdmin).getByText('Built-in')).toBeInTheDocument();
    expect(within(deptAdmin).getByText('Own department and its sub-departments')).toBeInTheDocument();
    expect(within(await rowOf('admin')).getByText('All departments')).toBeInTheDocument();
    expect(screen.getByText('4 in all')).toBeInTheDocument();
  });

  it('names built-in roles in the interface language, and other roles as they are called', async () => {
    await changeLanguage('es');
    try {
      renderPage();
      expect(
        within(await rowOf('dept_admin')).getByText('Administrador de departamento'),
      ).toBeInTheDocument();
      expect(within(await rowOf('admin')).getByText('Administrador')).toBeInTheDocument();
      expect(within(await rowOf('guest')).getByText('Guest')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('searches by keyword through the address', async () => {
    const { user, router } = renderPage();
    await rowOf('editor');
    await user.type(screen.getByRole('searchbox', { name: 'Search by code or name' }), 'admin{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=admin'));
    await waitFor(() => expect(screen.queryByText('editor')).not.toBeInTheDocument());
    expect(queriesOf(LIST).at(-1)).toEqual({ keyword: 'admin' });
  });

  it('says when no role matches', async () => {
    renderPage('/api/system/role?keyword=nothing');
    expect(await screen.findByText('No roles match this search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by code or name' })).toHaveValue('nothing');
  });

  it('never edits nor deletes the administrator role, and says why', async () => {
    renderPage();
    const admin = await rowOf('admin');
    const reason = within(admin).getByText(/The administrator role always has every menu/);
    const edit = within(admin).getByRole('button', { name: 'Edit' });
    const remove = within(admin).getByRole('button', { name: 'Delete' });
    expect(edit).toBeDisabled();
    expect(remove).toBeDisabled();
    expect(edit).toHaveAttribute('aria-describedby', reason.id);
    // Its users can still be managed.
    expect(within(admin).getByRole('button', { name: 'Users' })).toBeEnabled();
  });

  it('edits but never deletes another built-in role', async () => {
    renderPage();
    const deptAdmin = await rowOf('dept_admin');
    expect(within(deptAdmin).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(deptAdmin).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(deptAdmin).getByText('Built-in roles cannot be deleted.')).toBeInTheDocument();
  });

  it('does not delete a role users hold, and says why', async () => {
    renderPage();
    const editor = await rowOf('editor');
    expect(within(editor).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(
      within(editor).getByText('Users still hold this role: take it from them before deleting it.'),
    ).toBeInTheDocument();
  });

  it('deletes a role after asking, and refreshes the list', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('guest')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the role Guest?')).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/user/userrole/delete')).toHaveLength(0);
    await user.click(lastButton('Delete'));
    await waitFor(() =>
      expect(queriesOf('/prod-api/control/user/userrole/delete')).toEqual([{ roleId: '4' }]),
    );
    expect(await screen.findByText('Role Guest deleted.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
  });

  it('shows why the server refused a delete', async () => {
    deleteFails = true;
    const { user } = renderPage();
    await user.click(within(await rowOf('guest')).getByRole('button', { name: 'Delete' }));
    await user.click(lastButton('Delete'));
    expect(
      await screen.findByText('Only a role that no user holds can be deleted: take it from its users first'),
    ).toBeInTheDocument();
    // Still signed in: role calls are /user/ paths, whose refusals must not end the session.
    expect(useUserStore.getState().info).not.toBeNull();
  });

  it('creates a role with its code, name, data scope and menu entries', async () => {
    const { user } = renderPage();
    await rowOf('editor');
    await user.click(screen.getByRole('button', { name: /New role/ }));
    const dialog = await dialogTitled('Create a role');
    const code = await within(dialog).findByLabelText('Code');
    await user.type(code, '1bad');
    await user.type(within(dialog).getByLabelText('Name'), 'Reviewer');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(itemOf(code)).findByText(
        'Code must be 2-32 letters, digits or underscores, starting with a letter',
      ),
    ).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/user/userrole/add')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, 'reviewer');
    await user.click(within(dialog).getByRole('radio', { name: 'All departments' }));
    // The tree shows every entry, hidden actions included, with what they are.
    expect(entryOf(dialog, 'Manage materials')).toHaveTextContent(/^Manage materials action$/);
    expect(tick(dialog, 'Manage materials')).toHaveAttribute(
      'aria-labelledby',
      entryOf(dialog, 'Manage materials').id,
    );
    // Ticking an action grants its page (and its group) too.
    await user.click(tick(dialog, 'Manage materials'));
    expect(tick(dialog, 'Material library')).toBeChecked();
    expect(tick(dialog, 'Materials')).toBeChecked();
    expect(tick(dialog, 'Users')).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(queriesOf('/prod-api/control/user/userrole/add')).toEqual([
        { code: 'reviewer', name: 'Reviewer', dataScope: 'all', menuIds: '10,11,12' },
      ]),
    );
    expect(await screen.findByText('Role Reviewer created.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
  });

  it('shows a taken code on the code field', async () => {
    const { user } = renderPage();
    await rowOf('editor');
    await user.click(screen.getByRole('button', { name: /New role/ }));
    const dialog = await dialogTitled('Create a role');
    const code = await within(dialog).findByLabelText('Code');
    await user.type(code, 'editor');
    await user.type(within(dialog).getByLabelText('Name'), 'Second editor');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(itemOf(code)).findByText('A role with this code already exists')).toBeInTheDocument();
    expect(queriesOf('/prod-api/control/user/userrole/add')).toEqual([
      { code: 'editor', name: 'Second editor', dataScope: 'own', menuIds: '' },
    ]);
    expect(code).toHaveValue('editor');
  });

  it('edits a role: a page granted without its actions stays so, and the body lists menuIds', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('editor')).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit Editor');
    expect(await within(dialog).findByLabelText('Name')).toHaveValue('Editor');
    expect(within(dialog).getByDisplayValue('editor')).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Own department' })).toBeChecked();
    expect(tick(dialog, 'Material library')).toBeChecked();
    expect(tick(dialog, 'Manage materials')).not.toBeChecked();
    expect(tick(dialog, 'Materials')).toHaveAttribute('aria-checked', 'mixed');

    // Beyond what the administrator may grant: the refusal lands on the tree.
    await user.click(tick(dialog, 'Roles'));
    expect(tick(dialog, 'System')).toHaveAttribute('aria-checked', 'mixed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const tree = within(dialog).getByRole('tree', { name: 'Menus and actions' });
    expect(
      await within(itemOf(tree)).findByText(
        'A role cannot grant menus, actions or a data scope you do not have yourself',
      ),
    ).toBeInTheDocument();

    await user.click(tick(dialog, 'Roles'));
    await user.click(tick(dialog, 'Users'));
    await user.click(within(dialog).getByRole('radio', { name: 'Own department and its sub-departments' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/role/update')).toEqual([
        { id: 3, name: 'Editor', dataScope: 'own', menuIds: [10, 11, 20, 22] },
        { id: 3, name: 'Editor', dataScope: 'tree', menuIds: [10, 11, 20, 21] },
      ]),
    );
    expect(await screen.findByText('Changes to Editor saved.')).toBeInTheDocument();
  });

  it('ticks the menu tree from the keyboard', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('guest')).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit Guest');
    const tree = await within(dialog).findByRole('tree', { name: 'Menus and actions' });
    tree.focus();
    // Materials, then Material library: Space ticks it.
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(tick(dialog, 'Material library')).toBeChecked();
    expect(tick(dialog, 'Manage materials')).toBeChecked();
  });
});

describe('the users of a role', () => {
  const openMembers = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(within(await rowOf('editor')).getByRole('button', { name: 'Users' }));
    return dialogTitled('Users with the role Editor');
  };

  it('lists them and searches them', async () => {
    const { user } = renderPage();
    const drawer = await openMembers(user);
    expect(await rowOf('bwright', drawer)).toBeInTheDocument();
    expect(queriesOf(USERS)).toEqual([{ roleId: '3', member: 'true', page: '1', pageSize: '10' }]);
    await user.type(
      within(drawer).getByRole('searchbox', { name: 'Search by account or name' }),
      'zz{Enter}',
    );
    expect(await within(drawer).findByText('No users match this search')).toBeInTheDocument();
    expect(queriesOf(USERS).at(-1)).toEqual({
      roleId: '3',
      member: 'true',
      keyword: 'zz',
      page: '1',
      pageSize: '10',
    });
  });

  it('takes the role from one user after asking, and refreshes the counts', async () => {
    const { user } = renderPage();
    const drawer = await openMembers(user);
    await user.click(within(await rowOf('cclark', drawer)).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Take the role Editor from Cora Clark?')).toBeInTheDocument();
    await user.click(lastButton('Remove'));
    await waitFor(() =>
      expect(queriesOf('/prod-api/control/user/userrole/delete')).toEqual([{ roleId: '3', userIds: '8' }]),
    );
    expect(await screen.findByText('Users who no longer hold the role Editor: 1.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
    await waitFor(() => expect(calls(spy, USERS)).toHaveLength(2));
  });

  it('takes the role from the selected users', async () => {
    const { user } = renderPage();
    const drawer = await openMembers(user);
    await rowOf('bwright', drawer);
    await user.click(within(drawer).getByRole('checkbox', { name: 'Select bwright' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Select cclark' }));
    expect(within(drawer).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /Remove selected/ }));
    expect(await screen.findByText('Take the role Editor from the 2 selected users?')).toBeInTheDocument();
    await user.click(lastButton('Remove'));
    await waitFor(() =>
      expect(queriesOf('/prod-api/control/user/userrole/delete')).toEqual([{ roleId: '3', userIds: '7,8' }]),
    );
    await waitFor(() => expect(within(drawer).queryByText('2 selected')).not.toBeInTheDocument());
  });

  it('gives the role to users picked from those who do not hold it', async () => {
    const { user } = renderPage();
    const drawer = await openMembers(user);
    await rowOf('bwright', drawer);
    await user.click(within(drawer).getByRole('button', { name: /Add users/ }));
    const picker = await dialogTitled('Give the role Editor to users');
    await rowOf('dlee', picker);
    expect(queriesOf(USERS).at(-1)).toEqual({ roleId: '3', member: 'false', page: '1', pageSize: '10' });
    const add = within(picker).getByRole('button', { name: /Add selected/ });
    expect(add).toBeDisabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'Select dlee' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Select gkim' }));
    expect(within(picker).getByRole('button', { name: 'Add selected (2)' })).toBeEnabled();
    await user.click(within(picker).getByRole('button', { name: 'Add selected (2)' }));
    await waitFor(() =>
      expect(queriesOf('/prod-api/control/user/userrole/insert')).toEqual([{ roleId: '3', userIds: '9,11' }]),
    );
    expect(await screen.findByText('Users given the role Editor: 2.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
    // The members list is fetched again (its counts and rows changed).
    await waitFor(() =>
      expect(queriesOf(USERS).filter((q) => q['member'] === 'true').length).toBeGreaterThanOrEqual(2),
    );
  });
});
