declare module 'pg/lib/utils.js' {
  /** What pg sends for a query value: text, a Buffer, or null. */
  function prepareValue(value: unknown): unknown;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
