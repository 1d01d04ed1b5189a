// The page's small helpers for its document: an element by its id, the arrow
// keys' directions, and SVG elements made with their attributes.

/** The element of the page with id `id`. */
export const $ = id => document.getElementById(id);

/** The arrow keys, by `KeyboardEvent.key`, and the direction each points. */
export const ARROWS = Object.freeze({ ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' });

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A new SVG element `name` with `attributes`, appended to `parent` when one
 * is given.
 */
export function svg(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}
