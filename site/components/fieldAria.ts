/** The aria attributes of a form field. */
export interface FieldAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A field's aria attributes: invalid while it has a message, described by its hint (when it has
 * one) and then by its message, so a screen reader reads both as the field takes the focus.
 */
export function fieldAria(
  message: string | undefined,
  messageId: string,
  hintId?: string,
): FieldAria {
  const ids = [hintId, message ? messageId : undefined].filter(Boolean);
  return {
    ...(message ? { 'aria-invalid': true as const } : {}),
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}
