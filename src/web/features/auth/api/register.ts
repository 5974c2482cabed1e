import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterBody, registerResultSchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export type RegisterResult = z.infer<typeof registerResultSchema>;

export function register(body: RegisterBody) {
  return apiRequest<RegisterResult>('/register', { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
