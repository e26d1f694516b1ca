/** The one visible focus style: a 2 px brand outline, offset, on keyboard focus only. */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400";
