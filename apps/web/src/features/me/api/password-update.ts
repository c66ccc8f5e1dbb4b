import type { PasswordUpdateBody } from '@postdeck/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** inlineErrors: the form shows the message and field errors itself. */
export const updatePassword = (body: PasswordUpdateBody) =>
  request('passwordUpdate', { body, inlineErrors: true });

export const usePasswordUpdate = () => useMutation({ mutationFn: updatePassword });
