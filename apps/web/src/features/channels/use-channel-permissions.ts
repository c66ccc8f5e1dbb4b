import { PERMISSIONS } from '@postdeck/contract/permissions';
import { useUserStore } from '../../stores/user-store';

/** The connect and release actions of the channel accounts menu (its connectAccounts and releaseAccounts). */
export function useChannelPermissions() {
  const permissions = useUserStore((state) => state.info?.permissions);
  return {
    canConnect: permissions?.includes(PERMISSIONS.channelConnect) ?? false,
    canRelease: permissions?.includes(PERMISSIONS.channelRelease) ?? false,
  };
}
