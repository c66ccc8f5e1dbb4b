import type { MenuAdminItem } from '@postdeck/contract/menu';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { i18n } from '../../../i18n/i18n';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { MenusPage } from './menus-page';

const entry = (
  id: number,
  name: string,
  parentId: number | null,
  extra: Partial<MenuAdminItem> = {},
): MenuAdminItem => ({
  id,
  parentId,
  builtIn: true,
  kind: 'menu',
  name,
  titles: {},
  url: `/${name}`,
  icon: '',
  hidden: false,
  alwaysShow: false,
  sort: 0,
  permissions: [],
  ...extra,
});

/**
 * System (#) > Users (> action Export users), Menus (titled 'Menu editor'); added: Team (#) >
 * Roster, and an external Guides link at the end.
 */
const ENTRIES = [
  entry(1, 'system', null, { url: '#', icon: 'SettingOutlined', sort: 5 }),
  entry(2, 'users', 1, { url: '/api/system/user', icon: 'UserOutlined', permissions: ['system:user'] }),
  entry(3, 'menus', 1, {
    url: '/api/system/menu',
    sort: 1,
    titles: { en: 'Menu editor' },
    permissions: ['system:menu'],
  }),
  entry(4, 'userExport', 2, { kind: 'action', url: '', titles: { en: 'Export users' } }),
  entry(5, 'Team', null, { builtIn: false, url: '#', titles: { en: 'Team' }, sort: 7 }),
  entry(6, 'Roster', 5, { builtIn: false, url: '/team', titles: { en: 'Roster' }, hidden: true }),
  entry(7, 'Guides', null, {
    builtIn: false,
    url: 'https://example.com/guides',
    icon: 'LinkOutlined',
    titles: { en: 'Guides' },
    sort: 9,
  }),
];

const OWN_MENU = [
  {
    menu_id: 1,
    menu_name: 'system',
    url: '#',
    icon: 'SettingOutlined',
    hidden: false,
    alwaysShow: false,
    sort: 5,
    titles: {},
    children: [],
  },
];

let spy: ReturnType<typeof mockFetch>;
let listFails = false;
let items = ENTRIES;

beforeEach(() => {
  listFails = false;
  items = ENTRIES;
  spy = mockFetch(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/control/menu/list')) {
      if (listFails) return envelope(null, { status: 500, code: 500, msg: 'boom' });
      return envelope({ items });
    }
    if (path.endsWith('/control/user/info')) return envelope({ ...USER_INFO, permissions: ['system:menu'] });
    if (path.endsWith('/control/user/dashboard')) return envelope({ menuList: OWN_MENU });
    if (path.endsWith('/control/menu/create')) {
      const sent = body as Omit<MenuAdminItem, 'id' | 'builtIn' | 'name'>;
      if (sent.titles.en === 'Taken') {
        return envelope(
          {
            errors: [
              { field: 'parentId', message: 'This parent is not allowed' },
              { field: 'titles.en', message: 'Too long' },
            ],
          },
          { status: 400, code: 100903, msg: 'This parent is not allowed' },
        );
      }
      return envelope({ ...sent, id: 9, builtIn: false, name: sent.titles.en ?? '' });
    }
    if (path.endsWith('/control/menu/update')) {
      const sent = body as Omit<MenuAdminItem, 'builtIn' | 'name'>;
      const current = ENTRIES.find((e) => e.id === sent.id) as MenuAdminItem;
      return envelope({ ...current, ...sent });
    }
    if (path.endsWith('/control/menu/delete')) return envelope(null);
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPage() {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['system:menu'] }, []);
  const router = createMemoryRouter([{ path: '/api/system/menu', Component: MenusPage }], {
    initialEntries: ['/api/system/menu'],
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
const LIST = '/prod-api/control/menu/list';

/** antd names its dialogs by an id that is the same 'test-id' for every component under test. */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;
/** The list's row of an entry (the previews show the same titles). */
const rowOf = async (text: string) =>
  (await within(await screen.findByRole('table')).findByText(text)).closest('tr') as HTMLElement;
const itemOf = (control: HTMLElement) => control.closest('.ant-form-item') as HTMLElement;
/** The texts of the preview's entries, in order (submenu titles and items). */
const previewTexts = (within_: HTMLElement) =>
  Array.from(
    within(within_).getByTestId('menu-preview').querySelectorAll('.ant-menu-title-content'),
    (node) => node.textContent,
  );

describe('the menu editor', () => {
  it('shows every entry as an open tree in menu order, titled in the interface language', async () => {
    renderPage();
    const users = await rowOf('Users');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'SystemBuilt-in',
      'UsersBuilt-in',
      'Export usersBuilt-in',
      'Menu editorBuilt-in',
      'Team',
      'Roster',
      'Guides',
    ]);
    expect(users).toHaveClass('ant-table-row-level-1');
    const action = await rowOf('Export users');
    expect(action).toHaveClass('ant-table-row-level-2');
    expect(within(action).getByText('Action')).toBeInTheDocument();
    expect(within(users).getByText('/api/system/user')).toBeInTheDocument();
    expect(within(users).getByText('system:user')).toBeInTheDocument();
    expect(within(users).getByRole('img', { name: 'user' })).toBeInTheDocument();
    expect(within(await rowOf('Roster')).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    // No sub-entry under an action.
    expect(within(action).getByRole('button', { name: 'Add sub-entry' })).toBeDisabled();
  });

  it('titles entries in another interface language: its own title, else the built-in one', async () => {
    await i18n.changeLanguage('zh');
    items = ENTRIES.map((e) => (e.id === 2 ? { ...e, titles: { zh: '成员' } } : e));
    renderPage();
    // Built-in names, an administrator's name in Chinese, and an added entry's English fallback.
    expect(await rowOf('系统管理')).toBeInTheDocument();
    expect(await rowOf('成员')).toBeInTheDocument();
    expect(await rowOf('菜单管理')).toBeInTheDocument();
    expect(await rowOf('Guides')).toBeInTheDocument();
    expect(previewTexts(screen.getByRole('region', { name: '侧边菜单预览' }))).toEqual([
      '系统管理',
      '成员',
      '菜单管理',
      'Guides',
    ]);
  });

  it('previews the saved side menu beside the list: hidden entries and empty groups left out', async () => {
    renderPage();
    await rowOf('Users');
    const page = screen.getByRole('region', { name: 'Side menu preview' });
    // Team's only entry is hidden, so the group goes; Guides is a link to its site.
    expect(previewTexts(page)).toEqual(['System', 'Users', 'Menu editor', 'Guides']);
    expect(within(page).getByRole('link', { name: 'Guides' })).toHaveAttribute(
      'href',
      'https://example.com/guides',
    );
  });

  it('shows a failed load with a way to try again, and an empty menu', async () => {
    listFails = true;
    const { user } = renderPage();
    expect(await screen.findByText('The menu could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New entry/ })).toBeDisabled();
    listFails = false;
    items = [];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No menu entries')).toBeInTheDocument();
    expect(screen.getByText('The side menu is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New entry/ })).toBeEnabled();
  });

  it('creates an entry with its titles, url, icon and permissions, then refreshes the list and own menu', async () => {
    const { user } = renderPage();
    await rowOf('Users');
    expect(calls(spy, LIST)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /New entry/ }));
    const drawer = await dialogTitled('Create a menu entry');

    await user.type(within(drawer).getByLabelText('English'), '  Reports ');
    await user.type(within(drawer).getByLabelText('中文'), '报表');
    await user.type(within(drawer).getByLabelText('URL'), '/reports');
    await user.click(within(drawer).getByLabelText('Parent entry'));
    await user.click(await screen.findByTitle('System'));
    await user.click(within(drawer).getByLabelText('Icon'));
    await user.click(await screen.findByText('BarChartOutlined'));
    const permissions = within(drawer).getByLabelText('Permission codes');
    await user.type(permissions, 'report');
    await user.click(await screen.findByTitle('report:view'));
    await user.click(within(drawer).getByRole('switch', { name: 'Always show as a group' }));
    const sort = within(drawer).getByLabelText('Order');
    await user.clear(sort);
    await user.type(sort, '4');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/menu/create')).toEqual([
        {
          parentId: 1,
          kind: 'menu',
          titles: { en: 'Reports', zh: '报表' },
          url: '/reports',
          icon: 'BarChartOutlined',
          hidden: false,
          alwaysShow: true,
          sort: 4,
          permissions: ['report:view'],
        },
      ]),
    );
    expect(await screen.findByText('Menu entry Reports created.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
    // The administrator's own sidebar follows at once.
    await waitFor(() => expect(useUserStore.getState().menu).toEqual(OWN_MENU));
    expect(calls(spy, '/prod-api/control/user/dashboard')).toHaveLength(1);
  });

  it('checks the English title and the url before sending, and hides the url of an action', async () => {
    const { user } = renderPage();
    await rowOf('Users');
    await user.click(screen.getByRole('button', { name: /New entry/ }));
    const drawer = await dialogTitled('Create a menu entry');
    const url = within(drawer).getByLabelText('URL');
    await user.type(url, 'reports');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(
      await within(itemOf(url)).findByText(
        'Enter # for a group, a path starting with /, or an http(s) address',
      ),
    ).toBeInTheDocument();
    expect(
      within(itemOf(within(drawer).getByLabelText('English'))).getByText('This field is required'),
    ).toBeInTheDocument();

    const kind = within(drawer).getByRole('radiogroup', { name: 'Kind' });
    expect(within(kind).getByRole('radio', { name: 'Menu entry' })).toBeChecked();
    // antd's radio buttons take the click on their label.
    await user.click(within(kind).getByText('Action'));
    expect(within(drawer).queryByLabelText('URL')).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Icon')).not.toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('English'), 'Export');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/menu/create')).toEqual([
        expect.objectContaining({ kind: 'action', url: '', titles: { en: 'Export' }, parentId: null }),
      ]),
    );
  });

  it('puts the server refusal on the parent and on the English title', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Team')).getByRole('button', { name: 'Add sub-entry' }));
    const drawer = await dialogTitled('Add a sub-entry to Team');
    const parent = within(drawer).getByLabelText('Parent entry');
    expect(within(itemOf(parent)).getByTitle('Team')).toBeInTheDocument();
    const english = within(drawer).getByLabelText('English');
    await user.type(english, 'Taken');
    await user.type(within(drawer).getByLabelText('URL'), '#');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(itemOf(parent)).findByText('This parent is not allowed')).toBeInTheDocument();
    expect(within(itemOf(english)).getByText('Too long')).toBeInTheDocument();
    expect(bodiesOf('/prod-api/control/menu/create')).toEqual([
      expect.objectContaining({ parentId: 5, titles: { en: 'Taken' }, url: '#' }),
    ]);
    expect(english).toHaveValue('Taken');
  });

  it('previews the side menu while the title is typed, and shows built-in names as placeholders', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Users')).getByRole('button', { name: 'Edit' }));
    const drawer = await dialogTitled('Edit Users');
    const preview = within(drawer).getByRole('region', { name: 'Side menu preview' });
    expect(previewTexts(preview)).toEqual(['System', 'Users', 'Menu editor', 'Guides']);

    // What an empty title shows, in each language.
    const english = within(drawer).getByLabelText('English');
    expect(english).toHaveAttribute('placeholder', 'Users');
    expect(within(drawer).getByLabelText('中文')).toHaveAttribute('placeholder', '用户管理');
    expect(within(drawer).getByLabelText('Español')).toHaveAttribute('lang', 'es');

    await user.type(english, 'People');
    expect(previewTexts(preview)).toEqual(['System', 'People', 'Menu editor', 'Guides']);
    // Moved first among its siblings, then hidden: the preview follows each change.
    const sort = within(drawer).getByLabelText('Order');
    await user.clear(sort);
    await user.type(sort, '3');
    expect(previewTexts(preview)).toEqual(['System', 'Menu editor', 'People', 'Guides']);
    await user.click(within(drawer).getByRole('switch', { name: 'Hidden' }));
    expect(previewTexts(preview)).toEqual(['Menu editor', 'Guides']);
    // The page's own preview still shows the menu as saved.
    expect(
      previewTexts(screen.getAllByRole('region', { name: 'Side menu preview' })[0] as HTMLElement),
    ).toEqual(['System', 'Users', 'Menu editor', 'Guides']);

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf('/prod-api/control/menu/update')).toEqual([
        {
          id: 2,
          parentId: 1,
          kind: 'menu',
          titles: { en: 'People' },
          url: '/api/system/user',
          icon: 'UserOutlined',
          hidden: true,
          alwaysShow: false,
          sort: 3,
          permissions: ['system:user'],
        },
      ]),
    );
    expect(await screen.findByText('Changes to People saved.')).toBeInTheDocument();
  });

  it('greys out the entry itself and what is below it as parents, and offers no action', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('System')).getByRole('button', { name: 'Edit' }));
    const drawer = await dialogTitled('Edit System');
    // An entry with sub-entries stays a menu entry.
    expect(within(drawer).getByRole('radio', { name: 'Action' })).toBeDisabled();
    await user.click(within(drawer).getByLabelText('Parent entry'));
    const node = async (title: string) =>
      (await screen.findAllByTitle(title))
        .find((element) => element.closest('.ant-select-tree-treenode'))
        ?.closest('.ant-select-tree-treenode');
    expect(await node('System')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await node('Users')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await node('Team')).not.toHaveClass('ant-select-tree-treenode-disabled');
    expect(screen.queryByTitle('Export users')).not.toBeInTheDocument();
  });

  it('does not offer to delete a built-in entry nor one with sub-entries, and says why', async () => {
    const { user } = renderPage();
    const remove = within(await rowOf('Users')).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.hover(remove);
    expect(
      await screen.findByText('Built-in entries cannot be deleted; hide them instead.'),
    ).toBeInTheDocument();
    const team = within(await rowOf('Team')).getByRole('button', { name: 'Delete' });
    expect(team).toBeDisabled();
    await user.hover(team);
    expect(await screen.findByText('Only an entry without sub-entries can be deleted.')).toBeInTheDocument();
    expect(within(await rowOf('Roster')).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('deletes an added entry after asking', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Guides')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Guides?')).toBeInTheDocument();
    expect(calls(spy, '/prod-api/control/menu/delete')).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(bodiesOf('/prod-api/control/menu/delete')).toEqual([{ id: 7 }]));
    expect(await screen.findByText('Menu entry Guides deleted.')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, LIST)).toHaveLength(2));
  });
});
