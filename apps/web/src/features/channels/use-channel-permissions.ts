import { PERMISSIONS } from '@postdeck/contract/permissions';
import { useUserStore } from '../../stores/user-store';

/** The actions of the channel accounts menu (its connectAccounts, releaseAccounts and pausePublishing). */
export function useChannelPermissions() {
  const permissions = useUserStore((state) => state.info?.permissions);
  return {
    canConnect: permissions?.includes(PERMISSIONS.channelConnect) ?? false,
    canRelease: permissions?.includes(PERMISSIONS.channelRelease) ?? false,
    canPause: permissions?.includes(PERMISSIONS.publishPause) ?? false,
  };
}
