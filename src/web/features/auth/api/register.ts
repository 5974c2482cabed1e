import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { registerResultSchema, type RegisterBody } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export type RegisterResult = z.infer<typeof registerResultSchema>;

export function register(body: RegisterBody): Promise<RegisterResult> {
  return apiRequest('/register', registerResultSchema, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
