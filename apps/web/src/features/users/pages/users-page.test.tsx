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
import { UsersPage } from './users-page';

const user = (id: number, account: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  account,
  name,
  email: `${account}@example.com`,
  department: { id: 3, name: 'Newsroom' },
  roles: [{ code: 'editor', name: 'Editor' }],
  status: 'active',
  mustChangePassword: false,
  createdAt: '2026-01-01T00:00:00Z',
  ...extra,
});

const USERS = [
  user(1, 'admin', 'Ada Admin', { roles: [{ code: 'admin', name: 'Administrator' }] }),
  user(7, 'bwright', 'Ben Wright'),
  user(8, 'cclark', 'Cora Clark', { status: 'disabled', mustChangePassword: true }),
];

/** The server's refusal to act on someone worth more than the caller (Cora Clark, here). */
const BEYOND = "This user's roles grant more than yours";

let spy: ReturnType<typeof mockFetch>;
let listFails = false;

beforeEach(() => {
  listFails = false;
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    const query = url.searchParams;
    if (path.endsWith('/control/user/userList')) {
      if (listFails) return envelope(null, { status: 500, code: 500, msg: 'boom' });
      const items = query.get('account') === 'none' ? [] : USERS;
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
    if (path.endsWith('/control/role/options')) {
      return envelope({
        items: [
          { code: 'admin', name: 'Administrator', builtIn: true },
          { code: 'editor', name: 'Editor', builtIn: false },
        ],
      });
    }
    if (path.endsWith('/control/dept/list')) {
      return envelope({
        items: [
          { id: 1, name: 'Head office', parentId: null },
          { id: 3, name: 'Newsroom', parentId: 1 },
        ],
      });
    }
    if (path.endsWith('/control/user/getUserFromOpsById')) {
      if (query.get('account') !== 'dlee') return envelope(null);
      return envelope({
        account: 'dlee',
        name: 'Dana Lee',
        email: 'dana.lee@example.com',
        department: 'Newsroom',
        existingUserId: null,
      });
    }
    if (path.endsWith('/control/user/create')) {
      const sent = body as { account: string; name: string };
      if (sent.account === 'taken') {
        return envelope(
          { errors: [{ field: 'account', message: 'This account is already taken' }] },
          { status: 409, code: 100601, msg: 'This account is already taken' },
        );
      }
      return envelope(user(9, sent.account, sent.name));
    }
    if (path.endsWith('/control/user/update')) {
      const sent = body as { id: number; name: string };
      return envelope({ ...USERS.find((u) => u.id === sent.id), name: sent.name });
    }
    if (path.endsWith('/control/user/status')) {
      const sent = body as { id: number; status: string };
      return envelope({ ...USERS.find((u) => u.id === sent.id), status: sent.status });
    }
    if (path.endsWith('/control/user/pass/update')) {
      if ((body as { userId: number }).userId !== 8) return envelope(null);
      return envelope(null, { status: 403, code: 100608, msg: BEYOND });
    }
    if (path.endsWith('/control/user/delete')) {
      return envelope({ deleted: (query.get('ids') ?? '').split(',').length });
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage(entry = '/api/system/user') {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['system:user'] }, []);
  const router = createMemoryRouter([{ path: '/api/system/user', Component: UsersPage }], {
    initialEntries: [entry],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

const queryOf = (path: string, index = -1) =>
  new URL(String(calls(spy, path).at(index)?.[0]), 'http://x').searchParams.toString();
const bodiesOf = (path: string) => calls(spy, path).map(([, init]) => JSON.parse(String(init?.body)));

/** antd names its dialogs by an id that is the same 'test-id' for every component under test. */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
/** The form item (label, control and messages) of a control. */
const itemOf = (control: HTMLElement) => control.closest('.ant-form-item') as HTMLElement;

describe('the user administration page', () => {
  it('lists the users the address asks for and writes new filters back', async () => {
    const { router, user: actor } = renderPage('/api/system/user?status=active&page=2');
    const row = await rowOf('Ben Wright');
    expect(within(row).getByText('bwright@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Newsroom')).toBeInTheDocument();
    expect(within(row).getByText('Editor')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const disabled = await rowOf('Cora Clark');
    expect(within(disabled).getByText('Disabled')).toBeInTheDocument();
    expect(within(disabled).getByText('Must change password')).toBeInTheDocument();
    expect(queryOf('/prod-api/control/user/userList')).toBe('page=2&status=active');

    await actor.click(screen.getByLabelText('Role'));
    await actor.click(await screen.findByTitle('Editor'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&role=editor'));
    await waitFor(() => expect(queryOf('/prod-api/control/user/userList')).toBe('role=editor&status=active'));

    await actor.type(screen.getByLabelText('Account'), 'none{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?role=editor&status=active&account=none'));
    expect(await screen.findByText('No users match these filters')).toBeInTheDocument();
  });

  it('names built-in roles in the interface language, in the table and the role filter', async () => {
    await changeLanguage('ja');
    try {
      const { user: actor } = renderPage();
      expect(within(await rowOf('Ada Admin')).getByText('管理者')).toBeInTheDocument();
      expect(within(await rowOf('Ben Wright')).getByText('編集者')).toBeInTheDocument();
      expect(screen.queryByText('Administrator')).not.toBeInTheDocument();
      await actor.click(screen.getByLabelText('ロール'));
      expect(await screen.findByTitle('管理者')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('shows a failed load with a way to try again', async () => {
    listFails = true;
    renderPage();
    expect(await screen.findByText('The users could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('checks the account and password rules before asking the server, then shows its refusal on the account', async () => {
    const { user: actor } = renderPage();
    await screen.findByText('Ben Wright');
    await actor.click(screen.getByRole('button', { name: /New user/ }));
    const drawer = await dialogTitled('Create a user');
    const account = within(drawer).getByLabelText('Account');
    const password = within(drawer).getByLabelText('First password');
    await actor.type(account, 'ab!');
    await actor.type(password, 'short');
    await actor.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(
      await within(itemOf(account)).findByText(
        'Account must be 4-20 letters, digits, underscores or hyphens',
      ),
    ).toBeInTheDocument();
    expect(
      await within(itemOf(password)).findByText(
        'Password must be 8-16 characters with a letter, a digit and one of !@#$^&*()',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText(/they must choose their own at first sign-in/)).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/user/create')).toHaveLength(0);

    await actor.clear(account);
    await actor.type(account, 'taken');
    await actor.type(within(drawer).getByLabelText('Name'), 'Tom Taken');
    await actor.click(within(drawer).getByLabelText('Department'));
    await actor.click(await screen.findByTitle('Newsroom'));
    await actor.click(within(drawer).getByLabelText('Roles'));
    await actor.click(await screen.findByTitle('Editor'));
    await actor.clear(password);
    await actor.type(password, 'Secret1!');
    await actor.click(within(drawer).getByRole('button', { name: 'Create' }));

    expect(await within(itemOf(account)).findByText('This account is already taken')).toBeInTheDocument();
    expect(bodiesOf('/prod-api/control/user/create')).toEqual([
      {
        account: 'taken',
        password: 'Secret1!',
        name: 'Tom Taken',
        email: '',
        departmentId: 3,
        roleCodes: ['editor'],
      },
    ]);
    // The refusal stays on the form: no sign-out, the drawer is still open.
    expect(drawer).toBeVisible();
  });

  it('fills name, e-mail and department from the company directory', async () => {
    const { user: actor } = renderPage();
    await screen.findByText('Ben Wright');
    await actor.click(screen.getByRole('button', { name: /New user/ }));
    const drawer = await dialogTitled('Create a user');
    const account = within(drawer).getByLabelText('Account');
    await actor.type(account, 'nobody');
    await actor.click(within(drawer).getByRole('button', { name: /Look up in directory/ }));
    expect(
      await within(drawer).findByText('No one with this account was found in the company directory.'),
    ).toBeInTheDocument();

    await actor.clear(account);
    await actor.type(account, 'dlee');
    await actor.click(within(drawer).getByRole('button', { name: /Look up in directory/ }));
    await waitFor(() => expect(within(drawer).getByLabelText('Name')).toHaveValue('Dana Lee'));
    expect(within(drawer).getByLabelText('E-mail')).toHaveValue('dana.lee@example.com');
    expect(
      within(itemOf(within(drawer).getByLabelText('Department'))).getByTitle('Newsroom'),
    ).toBeInTheDocument();
    expect(queryOf('/prod-api/control/user/getUserFromOpsById')).toBe('account=dlee');
  });

  it('edits name, e-mail, department and roles, not the account', async () => {
    const { user: actor } = renderPage();
    await actor.click(within(await rowOf('Ben Wright')).getByRole('button', { name: 'Edit' }));
    const drawer = await dialogTitled('Edit Ben Wright');
    expect(within(drawer).getByLabelText('Account')).toBeDisabled();
    expect(within(drawer).queryByLabelText('First password')).not.toBeInTheDocument();
    const name = within(drawer).getByLabelText('Name');
    expect(name).toHaveValue('Ben Wright');
    await actor.clear(name);
    await actor.type(name, 'Benjamin Wright');
    await actor.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/user/update')).toEqual([
        {
          id: 7,
          name: 'Benjamin Wright',
          email: 'bwright@example.com',
          departmentId: 3,
          roleCodes: ['editor'],
        },
      ]),
    );
    expect(await screen.findByText('Changes to Benjamin Wright saved.')).toBeInTheDocument();
  });

  it('asks before disabling, then disables; never offers it on the own row', async () => {
    const { user: actor } = renderPage();
    const own = await rowOf('Ada Admin');
    expect(within(own).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await actor.click(within(await rowOf('Ben Wright')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable Ben Wright?')).toBeInTheDocument();
    expect(
      screen.getByText('They are signed out at once and cannot sign in until enabled again.'),
    ).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/user/status')).toHaveLength(0);
    await actor.click(screen.getAllByRole('button', { name: 'Disable' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/user/status')).toEqual([{ id: 7, status: 'disabled' }]),
    );
    expect(await screen.findByText('Ben Wright is disabled.')).toBeInTheDocument();
  });

  it('sets a new password that the user must change', async () => {
    const { user: actor } = renderPage();
    await actor.click(within(await rowOf('Ben Wright')).getByRole('button', { name: 'Reset password' }));
    const dialog = await dialogTitled('Reset the password of Ben Wright');
    expect(within(dialog).getByText(/must change this password at next sign-in/)).toBeInTheDocument();
    const field = within(dialog).getByLabelText('New password');
    await actor.type(field, 'weak');
    await actor.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(
      await within(dialog).findByText(
        'Password must be 8-16 characters with a letter, a digit and one of !@#$^&*()',
      ),
    ).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/user/pass/update')).toHaveLength(0);

    await actor.clear(field);
    await actor.type(field, 'Newpass1!');
    await actor.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/user/pass/update')).toEqual([
        { userId: 7, newPassword: 'Newpass1!' },
      ]),
    );
    expect(await screen.findByText('Password of Ben Wright set.')).toBeInTheDocument();
  });

  it("shows the server's refusal to set the password of someone worth more, in the dialog", async () => {
    const { user: actor } = renderPage();
    await actor.click(within(await rowOf('Cora Clark')).getByRole('button', { name: 'Reset password' }));
    const dialog = await dialogTitled('Reset the password of Cora Clark');
    await actor.type(within(dialog).getByLabelText('New password'), 'Newpass1!');
    await actor.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText(BEYOND)).toBeInTheDocument();
    expect(screen.queryByText('Password of Cora Clark set.')).not.toBeInTheDocument();
  });

  it('deletes one user after asking, and the selected ones together', async () => {
    const { user: actor } = renderPage();
    await actor.click(within(await rowOf('Ben Wright')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Ben Wright?')).toBeInTheDocument();
    await actor.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(queryOf('/prod-api/control/user/delete')).toBe('ids=7'));

    expect(screen.getByRole('checkbox', { name: 'Select admin' })).toBeDisabled();
    await actor.click(screen.getByRole('checkbox', { name: 'Select bwright' }));
    await actor.click(screen.getByRole('checkbox', { name: 'Select cclark' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Delete the 2 selected users?')).toBeInTheDocument();
    await actor.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(queryOf('/prod-api/control/user/delete')).toBe('ids=7%2C8'));
    expect(await screen.findByText('Users deleted: 2.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });
});
