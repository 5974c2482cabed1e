/** Builds the spec's success envelope. */
export function ok<T>(data: T, message = 'OK', type?: string) {
  return type === undefined ? { success: true, data, message } : { success: true, data, message, type };
}
