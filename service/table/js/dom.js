// Building the page's elements: every text goes in as a text node (never parsed as HTML), every attribute
// through setAttribute or a property, so nothing a player typed or the service answered can become markup.

/** An element: `attrs` are attributes (`class`, `text`, `value`, `checked`, and `onclick`-style listeners
 *  handled apart), `children` are nodes or strings (strings become text nodes). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "text") el.textContent = String(value);
    else if (name === "value") el.value = String(value);
    else if (name === "checked") el.checked = Boolean(value);
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Append nodes and strings (as text) to `parent`, skipping null, undefined and false. */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Empty `parent`, then fill it with `children`. */
export function fill(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}
