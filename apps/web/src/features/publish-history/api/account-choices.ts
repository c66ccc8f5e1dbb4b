import { PERMISSIONS } from '@postdeck/contract/permissions';
import { PAGE_SIZE_MAX } from '@postdeck/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { useUserStore } from '../../../stores/user-store';

export interface AccountChoice {
  id: number;
  name: string;
  platform: string;
}

/**
 * The accounts the account filter offers beyond those on the page: the channel accounts the
 * user may list, else those they may publish to; asked for only once the filter is wanted.
 */
export function useAccountChoices(wanted: boolean) {
  const permissions = useUserStore((store) => store.info?.permissions);
  const channels = permissions?.includes(PERMISSIONS.channelAccounts) ?? false;
  const targets = permissions?.includes(PERMISSIONS.publishCreate) ?? false;
  return useQuery({
    queryKey: ['publishHistory', 'accountChoices', channels ? 'channels' : 'targets'],
    queryFn: async ({ signal }): Promise<AccountChoice[]> => {
      const answer = channels
        ? await request('channelAccountList', {
            query: { pageSize: PAGE_SIZE_MAX },
            signal,
            inlineErrors: true,
          })
        : await request('publishTargets', { signal, inlineErrors: true }).then((data) => ({
            items: data.accounts,
          }));
      return answer.items.map(({ id, name, platform }) => ({ id, name, platform }));
    },
    enabled: wanted && (channels || targets),
    staleTime: 5 * 60_000,
  });
}
