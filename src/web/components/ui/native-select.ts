/** A native `<select>` drawn like the inputs: the operators' list filters, where a short list needs no popover. */
export const NATIVE_SELECT_CLASS =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';
