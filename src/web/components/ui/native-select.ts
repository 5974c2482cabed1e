/**
 * A native `<select>` drawn like the inputs: the operators' list filters, where a short list needs no popover. It may
 * shrink below its longest option (a driver's long name), so a phone never scrolls sideways for it.
 */
export const NATIVE_SELECT_CLASS =
  'h-10 max-w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';
