export function translate(text) { return "[" + text + "]"; }
