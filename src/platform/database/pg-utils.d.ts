declare module 'pg/lib/utils.js' {
  const utils: {
    /** What pg sends for a query value: text, a Buffer, or null. */
    prepareValue(value: unknown): unknown;
  };
  export default utils;
}
