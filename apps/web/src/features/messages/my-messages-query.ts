import { PAGE_SIZE_DEFAULT } from '@postdeck/contract/constants';
import { listCursorSchema } from '@postdeck/contract/envelope';
import { parseTimeRange } from '@postdeck/contract/notifications';

export interface MyMessagesFilters {
  /** 1 unread only, 2 all. */
  navLink: 1 | 2;
  /** 'from,to' ISO datetimes, or undefined for no time filter. */
  time: string | undefined;
  page: number;
  /** A cursor of the answer's `next` or `prev`: the page past the numbered ones. */
  after?: string | undefined;
  before?: string | undefined;
}

const cursorParam = (params: URLSearchParams, key: 'after' | 'before') => {
  const value = params.get(key);
  return value !== null && listCursorSchema.safeParse(value).success ? value : undefined;
};

/** Reads the page's filters from the address (navLink, time, page); bad values fall back. */
export function readFilters(params: URLSearchParams): MyMessagesFilters {
  const navLink = params.get('navLink') === '1' ? 1 : 2;
  const rawTime = params.get('time') ?? '';
  const time = rawTime && parseTimeRange(rawTime) ? rawTime : undefined;
  const page = Number(params.get('page'));
  return {
    navLink,
    time,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    after: cursorParam(params, 'after'),
    before: cursorParam(params, 'before'),
  };
}

/** The address for the filters; unset ones are left out. */
export function writeFilters(filters: MyMessagesFilters): URLSearchParams {
  const params = new URLSearchParams({ navLink: String(filters.navLink) });
  if (filters.time) params.set('time', filters.time);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.after) params.set('after', filters.after);
  if (filters.before) params.set('before', filters.before);
  return params;
}

/** The myInfor query for the filters; unset filters are omitted (the server refuses empty ones). */
export function toMyInforQuery(filters: MyMessagesFilters) {
  return {
    navLink: filters.navLink,
    page: filters.page,
    pageSize: PAGE_SIZE_DEFAULT,
    ...(filters.time ? { time: filters.time } : {}),
    ...(filters.after ? { after: filters.after } : {}),
    ...(filters.before ? { before: filters.before } : {}),
  };
}
