/**
 * The look of a native 48 px input or drop-down styled with `chakra()`: white, grey border,
 * brand focus ring, red border when `aria-invalid`. Each control adds its own size and states.
 */
export const nativeFieldStyle = {
  height: '48px',
  fontSize: '15px',
  color: 'ink',
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'gray.200',
  borderRadius: 'lg',
  outline: 'none',
  _focus: { borderColor: 'brand.500', boxShadow: '0 0 0 3px {colors.brand.100}' },
  '&[aria-invalid=true]': { borderColor: 'red.400' },
} as const;

/** A native drop-down: the field look plus the browser's own arrow, greyed out when disabled. */
export const nativeSelectStyle = {
  ...nativeFieldStyle,
  width: '100%',
  px: '3',
  appearance: 'auto',
  _disabled: { bg: 'gray.50', color: 'gray.400', cursor: 'not-allowed' },
} as const;
