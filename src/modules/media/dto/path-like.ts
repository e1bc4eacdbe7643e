import { ValidateBy } from 'class-validator';

/** Control characters (NUL included), which no name or text of a media has a use for. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A `..` segment, or a start that anchors a path: `/`, `\`, `~/`, a drive (`C:`). */
const PATH = /(^|[\\/])\.\.([\\/]|$)|^[\\/]|^~[\\/]|^[A-Za-z]:[\\/]/;

/**
 * Whether a text reads as a file-system path: a shape no alt text needs and one that, copied
 * into a path by some later tool, would walk out of its folder. Slashes inside words
 * ("front/back") are not paths.
 */
export function isPathLike(text: string): boolean {
  return CONTROL.test(text) || PATH.test(text);
}

/** Whether an uploaded file's name is a plain name: no folder, no `.` or `..`, no controls. */
export function isPlainFileName(name: string): boolean {
  return !/[\\/]/.test(name) && !CONTROL.test(name) && name !== '.' && name !== '..';
}

/** A text that must not read as a path (see `isPathLike`). */
export const NotPathLike = () =>
  ValidateBy({
    name: 'notPathLike',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !isPathLike(value),
      defaultMessage: (args) =>
        `${args?.property ?? 'value'} must be text, not a file path or control characters`,
    },
  });
