import { z } from './zod.ts';
import { LANGUAGES, type Language } from './constants.ts';
import { int4Schema } from './envelope.ts';
import { ALL_PERMISSIONS, type Permission } from './permissions.ts';
import { MENU_TITLE_MAX, type MenuItem } from './menu-item.ts';

export {
  MENU_TITLE_MAX,
  isExternalUrl,
  isGroupUrl,
  menuTitle,
  type MenuItem,
  type MenuTitles,
} from './menu-item.ts';

export const menuTitlesSchema = z.object(
  Object.fromEntries(
    LANGUAGES.map((lang) => [lang, z.string().trim().max(MENU_TITLE_MAX).optional()]),
  ) as Record<Language, z.ZodOptional<z.ZodString>>,
);

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    menu_id: z.number().int(),
    menu_name: z.string(),
    url: z.string(),
    icon: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    sort: z.number().int(),
    titles: menuTitlesSchema,
    children: z.array(menuItemSchema),
  }),
);

export const dashboardSchema = z.object({ menuList: z.array(menuItemSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * Icons a menu entry may name: the web app maps each to an antd icon (menu-icons.tsx), and the
 * menu editor offers exactly these.
 */
export const MENU_ICONS = [
  'ApartmentOutlined',
  'ApiOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'CalendarOutlined',
  'DashboardOutlined',
  'EditOutlined',
  'FileImageOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FolderOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'LineChartOutlined',
  'LinkOutlined',
  'LockOutlined',
  'MenuOutlined',
  'MessageOutlined',
  'NotificationOutlined',
  'PictureOutlined',
  'ProfileOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SendOutlined',
  'SettingOutlined',
  'TeamOutlined',
  'UnorderedListOutlined',
  'UserOutlined',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

export const MENU_KINDS = ['menu', 'action'] as const;

/** A menu entry as its administration (and the role form's tree) sees it: every field. */
export const menuAdminItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  /** Built-in entries keep the key bootstrap gave them and cannot be deleted, only hidden. */
  builtIn: z.boolean(),
  kind: z.enum(MENU_KINDS),
  name: z.string(),
  titles: menuTitlesSchema,
  url: z.string(),
  icon: z.string(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  sort: z.number().int(),
  permissions: z.array(z.string()),
});
export type MenuAdminItem = z.infer<typeof menuAdminItemSchema>;
export const menuAdminListSchema = z.object({ items: z.array(menuAdminItemSchema) });

/** '#' (a group), an app path, or an external http(s) link (spec §2); '' for an action. */
const menuUrl = z
  .string()
  .trim()
  .max(512)
  .refine(
    (url) => url === '' || url === '#' || /^\/[^/\s]*/.test(url) || /^https?:\/\/\S+$/.test(url),
    'validation.menuUrl',
  );

const menuFields = {
  parentId: int4Schema.nullable(),
  kind: z.enum(MENU_KINDS).default('menu'),
  titles: menuTitlesSchema,
  url: menuUrl,
  icon: z.union([z.literal(''), z.enum(MENU_ICONS)]).default(''),
  hidden: z.boolean().default(false),
  alwaysShow: z.boolean().default(false),
  sort: z.number().int().min(0).max(100_000).default(0),
  permissions: z
    .array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]))
    .max(ALL_PERMISSIONS.length)
    .default([]),
};

/** A new entry is named by its titles; English is required, other languages fall back to it. */
export const menuCreateBodySchema = z.object(menuFields).superRefine((body, ctx) => {
  if (!body.titles.en)
    ctx.addIssue({ code: 'custom', path: ['titles', 'en'], message: 'validation.required' });
  if (body.kind === 'menu' && body.url === '')
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation.required' });
});
export type MenuCreateBody = z.input<typeof menuCreateBodySchema>;

export const menuUpdateBodySchema = z.object({ id: int4Schema, ...menuFields }).superRefine((body, ctx) => {
  if (body.kind === 'menu' && body.url === '')
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation.required' });
});
export type MenuUpdateBody = z.input<typeof menuUpdateBodySchema>;

export const menuDeleteBodySchema = z.object({ id: int4Schema });
