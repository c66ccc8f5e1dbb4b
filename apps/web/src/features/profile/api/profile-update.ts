import type { ProfileBody } from '@postdeck/contract/notifications';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { useUserStore } from '../../../stores/user-store';

/** inlineErrors: the form shows the message and field errors (a /user/ path, spec §7). */
export const updateProfile = (body: ProfileBody) => request('profileUpdate', { body, inlineErrors: true });

/** Saves the own profile, then updates the signed-in user so the top bar shows the new name. */
export function useProfileUpdate() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      const { info, menu, setSession } = useUserStore.getState();
      if (info) setSession({ ...info, ...saved }, menu);
    },
  });
}
