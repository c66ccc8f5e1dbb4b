import { z } from 'zod';

/** A server menu entry as spec §3 names it, plus the ordering and display flags the shell needs. */
export interface MenuItem {
  menu_id: number;
  menu_name: string;
  url: string;
  icon: string;
  hidden: boolean;
  alwaysShow: boolean;
  sort: number;
  children: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    menu_id: z.number().int(),
    menu_name: z.string(),
    url: z.string(),
    icon: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    sort: z.number().int(),
    children: z.array(menuItemSchema),
  }),
);

export const dashboardSchema = z.object({ menuList: z.array(menuItemSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A url of '#' is a group with no page; http(s) urls are external links (spec §2). */
export const isGroupUrl = (url: string) => url === '#';
export const isExternalUrl = (url: string) => /^(https?:|mailto:|tel:)/.test(url);
